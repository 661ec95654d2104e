import { describe, expect, it } from 'vitest';
import { menuKeyAction, openingFocus, placeMenu } from './menu-keys';

describe('menuKeyAction', () => {
  it('moves down and up through the items, wrapping at both ends', () => {
    expect(menuKeyAction('ArrowDown', 0, 3)).toEqual({ focus: 1 });
    expect(menuKeyAction('ArrowDown', 2, 3)).toEqual({ focus: 0 });
    expect(menuKeyAction('ArrowUp', 1, 3)).toEqual({ focus: 0 });
    expect(menuKeyAction('ArrowUp', 0, 3)).toEqual({ focus: 2 });
  });

  it('jumps to the first and last item with Home and End', () => {
    expect(menuKeyAction('Home', 2, 3)).toEqual({ focus: 0 });
    expect(menuKeyAction('End', 0, 3)).toEqual({ focus: 2 });
  });

  it('closes with Escape (focus back on the button) and with Tab (focus moves on)', () => {
    expect(menuKeyAction('Escape', 1, 3)).toEqual({ close: 'refocus' });
    expect(menuKeyAction('Tab', 1, 3)).toEqual({ close: 'leave' });
  });

  it('leaves other keys to the browser', () => {
    expect(menuKeyAction('a', 0, 3)).toBeNull();
    expect(menuKeyAction('Enter', 0, 3)).toBeNull();
  });

  it('still closes an empty menu with Escape', () => {
    expect(menuKeyAction('ArrowDown', 0, 0)).toBeNull();
    expect(menuKeyAction('Escape', 0, 0)).toEqual({ close: 'refocus' });
  });
});

describe('openingFocus', () => {
  it('starts at the first item for Enter, Space and ArrowDown, at the last for ArrowUp', () => {
    expect(openingFocus('Enter', 2)).toBe(0);
    expect(openingFocus(' ', 2)).toBe(0);
    expect(openingFocus('ArrowDown', 2)).toBe(0);
    expect(openingFocus('ArrowUp', 2)).toBe(1);
    expect(openingFocus('x', 2)).toBeNull();
  });
});

describe('placeMenu', () => {
  const viewport = { width: 375, height: 740 };
  const menu = { width: 160, height: 90 };

  it('puts the menu below the button, right edges aligned', () => {
    expect(placeMenu({ top: 100, bottom: 138, right: 300 }, menu, viewport)).toEqual({ top: 142, left: 140 });
  });

  it('keeps it inside the window on the left', () => {
    expect(placeMenu({ top: 100, bottom: 138, right: 60 }, menu, viewport).left).toBe(8);
  });

  it('keeps it inside the window on the right', () => {
    expect(placeMenu({ top: 100, bottom: 138, right: 374 }, menu, viewport).left).toBe(375 - 160 - 8);
  });

  it('opens upwards when there is no room below', () => {
    expect(placeMenu({ top: 680, bottom: 718, right: 300 }, menu, viewport)).toEqual({ top: 680 - 4 - 90, left: 140 });
  });

  it('stays below when there is no room above either', () => {
    expect(placeMenu({ top: 20, bottom: 58, right: 300 }, menu, { width: 375, height: 120 }).top).toBe(62);
  });
});
