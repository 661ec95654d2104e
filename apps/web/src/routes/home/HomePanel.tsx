import { useId, type ReactNode } from 'react';
import { ChevronIcon } from '../../components/icons/icons';

interface HomePanelProps {
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}

/**
 * The home page's side panel: a column beside the map on wide screens; at 770 px or less (spec §2) it hides
 * and a chevron button slides it up from the bottom as the Activity panel. It holds any number of sections.
 */
export function HomePanel({ open, onToggle, children }: HomePanelProps) {
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        className="home-panel__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onToggle(!open)}
      >
        <ChevronIcon direction="down" className={`home-panel__chevron${open ? '' : ' is-up'}`} />
        Activity
      </button>
      <aside id={panelId} className={`home-panel${open ? ' is-open' : ''}`} aria-label="Activity">
        <div className="home-panel__sheet-bar">
          <span className="home-panel__sheet-title">Activity</span>
          <button type="button" className="icon-button" aria-label="Close Activity" onClick={() => onToggle(false)}>
            <ChevronIcon direction="down" />
          </button>
        </div>
        <div className="home-panel__sections">{children}</div>
      </aside>
    </>
  );
}
