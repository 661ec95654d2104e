import { useEffect, useRef, type SyntheticEvent } from 'react';

/**
 * Shows a native <dialog> as a modal (focus trap, Escape and top layer come from the browser) while the
 * component is mounted. Escape does not close it directly: it calls `onEscape`, so the owner decides.
 * Spread the answer on the element: `<dialog {...useModalDialog(onClose)}>`.
 */
export function useModalDialog(onEscape: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onEscape();
  };

  return { ref, onCancel };
}
