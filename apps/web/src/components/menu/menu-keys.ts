/** What a key does in an open menu (WAI-ARIA menu button pattern): move the focus to an item, or close the menu. */
export type MenuKeyAction = { focus: number } | { close: 'refocus' | 'leave' } | null;

/**
 * Arrow keys move through the items and wrap around, Home and End go to the first and last, Escape closes and gives
 * the focus back to the button, Tab closes and lets the focus move on. Anything else is left to the browser.
 */
export function menuKeyAction(key: string, current: number, count: number): MenuKeyAction {
  if (count === 0) return key === 'Escape' ? { close: 'refocus' } : null;
  switch (key) {
    case 'ArrowDown':
      return { focus: (current + 1) % count };
    case 'ArrowUp':
      return { focus: (current - 1 + count) % count };
    case 'Home':
    case 'PageUp':
      return { focus: 0 };
    case 'End':
    case 'PageDown':
      return { focus: count - 1 };
    case 'Escape':
      return { close: 'refocus' };
    case 'Tab':
      return { close: 'leave' };
    default:
      return null;
  }
}

/** Which item gets the focus when the button opens the menu from the keyboard: ArrowUp starts at the last. */
export function openingFocus(key: string, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowUp') return count - 1;
  if (key === 'ArrowDown' || key === 'Enter' || key === ' ') return 0;
  return null;
}

export interface MenuPlacement {
  top: number;
  left: number;
}

/**
 * Where the menu stands (viewport pixels): below the button, its right edge on the button's, kept `margin` inside
 * the window; above the button when there is no room below (a comment at the bottom of a scrolled list).
 */
export function placeMenu(
  button: { top: number; bottom: number; right: number },
  menu: { width: number; height: number },
  viewport: { width: number; height: number },
  gap = 4,
  margin = 8,
): MenuPlacement {
  const left = Math.max(margin, Math.min(button.right - menu.width, viewport.width - menu.width - margin));
  const below = button.bottom + gap;
  const above = button.top - gap - menu.height;
  const fitsBelow = below + menu.height <= viewport.height - margin;
  const top = fitsBelow || above < margin ? below : above;
  return { top: Math.round(top), left: Math.round(left) };
}
