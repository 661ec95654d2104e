import { useEffect, useRef, type SyntheticEvent } from 'react';

/**
 * Shows a native <dialog> as a modal (focus trap, Escape and top layer come from the browser) while the
 * component is mounted, and gives focus back to what had it before. Escape does not close it directly: it calls `onEscape`, so the owner decides.
 * Spread the answer on the element: `<dialog {...useModalDialog(onClose)}>`; the element marked `data-autofocus` takes the focus.
 */
export function useModalDialog(onEscape: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    // React removes the element before the browser could hand focus back on close, so it is done here.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element (the title row's ×); React's autoFocus ran before it and is lost.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onEscape();
  };

  return { ref, onCancel };
}
