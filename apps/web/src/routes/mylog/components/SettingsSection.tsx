import type { ReactNode, Ref } from 'react';
import { ChevronIcon } from '../../../components/icons/icons';

interface SettingsSectionProps {
  title: string;
  /** Controlled when given; otherwise the browser keeps the open state. */
  open?: boolean;
  onToggle?: (open: boolean) => void;
  /** For actions that are hard to undo (deactivation). */
  danger?: boolean;
  sectionRef?: Ref<HTMLDetailsElement>;
  children: ReactNode;
}

/** A collapsible section of edit mode ('Change Password', 'Deactivate account'): a native details element. */
export function SettingsSection({ title, open, onToggle, danger = false, sectionRef, children }: SettingsSectionProps) {
  return (
    <details
      ref={sectionRef}
      className={`edit-section settings-section${danger ? ' settings-section--danger' : ''}`}
      open={open}
      onToggle={onToggle && ((event) => onToggle(event.currentTarget.open))}
    >
      <summary>
        <span>{title}</span>
        <ChevronIcon direction="down" className="settings-section__chevron" />
      </summary>
      {children}
    </details>
  );
}
