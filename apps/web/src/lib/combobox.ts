import { useState, type HTMLAttributes, type InputHTMLAttributes } from 'react';

/**
 * The highlighted option of a combobox's list (the map's place search, Quick Post's location). It belongs to one
 * list: when `listKey` changes (new results), no option is highlighted until the person moves again.
 */
export function useComboboxHighlight(listKey: unknown, count: number) {
  const [highlight, setHighlight] = useState<{ key: unknown; index: number }>({ key: undefined, index: -1 });
  const active = highlight.key === listKey ? highlight.index : -1;
  return {
    active,
    highlight: (index: number) => setHighlight({ key: listKey, index }),
    /** ArrowDown (1) and ArrowUp (-1), wrapping at both ends. */
    move: (step: 1 | -1) => {
      if (count > 0) setHighlight({ key: listKey, index: (active + step + count) % count });
    },
  };
}

/**
 * The text field of a combobox (WAI-ARIA combobox with a listbox popup): what it says about its list, and when the
 * list opens (typing, focus) and closes (leaving the field).
 */
export function comboboxInputProps(
  listId: string,
  expanded: boolean,
  active: number,
  { setText, setOpen }: { setText: (text: string) => void; setOpen: (open: boolean) => void },
): InputHTMLAttributes<HTMLInputElement> {
  return {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': expanded && active >= 0 ? `${listId}-${active}` : undefined,
    autoComplete: 'off',
    spellCheck: false,
    onChange: (event) => {
      setText(event.currentTarget.value);
      setOpen(true);
    },
    onFocus: () => setOpen(true),
    onBlur: () => setOpen(false),
  };
}

/**
 * One option of the list, highlighted on hover; the field keeps the focus meanwhile. The caller adds its onClick
 * (choosing the option).
 */
export function comboboxOptionProps(listId: string, index: number, active: number, highlight: (index: number) => void): HTMLAttributes<HTMLLIElement> & { id: string } {
  return {
    id: `${listId}-${index}`,
    role: 'option',
    'aria-selected': index === active,
    // Keeps the focus in the field, so the click lands before blur closes the list.
    onMouseDown: (event) => event.preventDefault(),
    onMouseEnter: () => highlight(index),
  };
}
