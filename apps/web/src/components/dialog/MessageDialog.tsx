import type { ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';
import './message-dialog.css';

export interface MessageDialogProps {
  title: string;
  body: ReactNode;
  /** Shows a spinner and hides Close while work is under way. */
  progress?: boolean;
  onClose: () => void;
}

/** The generic message dialog of spec §2: a header, a message body, an optional spinner and Close. */
export function MessageDialog({ title, body, progress = false, onClose }: MessageDialogProps) {
  const modal = useModalDialog(() => {
    if (!progress) onClose();
  });

  return (
    <dialog {...modal} className="message-dialog" aria-labelledby="message-dialog-title" aria-busy={progress}>
      <h2 id="message-dialog-title" className="message-dialog__title">
        {title}
      </h2>
      <div className="message-dialog__body">
        {progress && <span className="spinner message-dialog__spinner" role="progressbar" aria-label="Working" />}
        <div>{body}</div>
      </div>
      {!progress && (
        <div className="message-dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose} autoFocus data-autofocus>
            Close
          </button>
        </div>
      )}
    </dialog>
  );
}
