import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { menuKeyAction, openingFocus, placeMenu } from './menu-keys';
import './more-menu.css';

export interface MoreMenuItem {
  label: string;
  onSelect: () => void;
  /** Hard to undo (Block): shown in the danger colour. */
  danger?: boolean;
  /** One of a set of choices (the theme): the items are radio items, this one ticked when true. */
  checked?: boolean;
}

interface MoreMenuProps {
  /** The '…' button's accessible name: 'More actions for @ben'. */
  label: string;
  items: MoreMenuItem[];
  size?: 'small' | 'regular';
  className?: string;
  /** What the button shows instead of the '…' icon, and its class instead of the icon button's. */
  button?: { content: ReactNode; className: string };
}

function DotsIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/**
 * The '…' menu (WAI-ARIA menu button): the button opens a list of actions; arrow keys, Home and End move between
 * them, Escape closes it and gives the focus back to the button, Tab or a click elsewhere closes it. The list is a
 * manual popover in the top layer, so a dialog's scrolling body or overflow never clips it; it stays beside its button
 * while the page scrolls. Choosing an item closes the menu and puts the focus on the button before the item runs, so
 * a dialog the item opens gives the focus back there when it closes.
 */
export function MoreMenu({ label, items, size = 'regular', className, button }: MoreMenuProps) {
  // The item to focus when the menu opens, or null while closed.
  const [openAt, setOpenAt] = useState<number | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const buttonId = useId();
  const menuId = useId();
  const open = openAt !== null;

  useLayoutEffect(() => {
    if (openAt === null) return;
    const menu = menuRef.current;
    const button = buttonRef.current;
    if (!menu || !button) return;
    if (typeof menu.showPopover === 'function' && !menu.matches(':popover-open')) menu.showPopover();
    const place = () => {
      const spot = placeMenu(button.getBoundingClientRect(), { width: menu.offsetWidth, height: menu.offsetHeight }, { width: window.innerWidth, height: window.innerHeight });
      menu.style.top = `${spot.top}px`;
      menu.style.left = `${spot.left}px`;
    };
    place();
    itemRefs.current[openAt]?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.contains(target) && !button.contains(target)) setOpenAt(null);
    };
    // Capture: the scroll of any container (a dialog's body) moves the button.
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    document.addEventListener('pointerdown', closeOutside, true);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
      document.removeEventListener('pointerdown', closeOutside, true);
    };
    // Only opening and closing run this: the focus moves with the keys, not through state.
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const close = (refocus: boolean) => {
    setOpenAt(null);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (open) return;
    const first = openingFocus(event.key, items.length);
    if (first === null) return;
    event.preventDefault();
    setOpenAt(first);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const action = menuKeyAction(event.key, Math.max(current, 0), items.length);
    if (!action) return;
    if ('focus' in action) {
      event.preventDefault();
      itemRefs.current[action.focus]?.focus();
      return;
    }
    if (action.close === 'refocus') {
      // Escape closes only the menu, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
    }
    close(action.close === 'refocus');
  };

  return (
    <span className={['more-menu', className].filter(Boolean).join(' ')}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={button ? `${button.className} more-menu__button` : `icon-button icon-button--ghost more-menu__button${size === 'small' ? ' icon-button--small' : ''}`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onKeyDown={onButtonKeyDown}
        onClick={() => (open ? close(false) : setOpenAt(0))}
      >
        {button ? button.content : <DotsIcon />}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          popover="manual"
          className="more-menu__list"
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            // The focus left the menu (Tab, or a click on something focusable elsewhere).
            const next = event.relatedTarget as Node | null;
            if (next && !event.currentTarget.contains(next) && next !== buttonRef.current) setOpenAt(null);
          }}
        >
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.checked}
              tabIndex={-1}
              className={`more-menu__item${item.danger ? ' more-menu__item--danger' : ''}`}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}
