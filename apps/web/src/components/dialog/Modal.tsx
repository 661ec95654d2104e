import { useId, type ReactNode } from 'react';
import { CloseIcon } from '../icons/icons';
import { useModalDialog } from './useModalDialog';
import './modal.css';

interface ModalProps {
  title: ReactNode;
  /** Accessible name when the visible title is not plain text. */
  label?: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Extra content on the header row, before the close button. */
  headerExtra?: ReactNode;
}

/**
 * A native modal dialog (focus trap, Escape and top layer come from the browser) with a title row and a
 * close button; a click on the backdrop closes it too.
 */
export function Modal({ title, label, onClose, children, className = '', headerExtra }: ModalProps) {
  const modal = useModalDialog(onClose);
  const titleId = useId();

  return (
    <dialog
      {...modal}
      className={`sip-modal ${className}`.trim()}
      aria-labelledby={label ? undefined : titleId}
      aria-label={label}
      onClick={(event) => {
        // The dialog element itself only receives clicks on its backdrop; its content sits in the inner box.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="sip-modal__box">
        <header className="sip-modal__header">
          <h2 id={titleId} className="sip-modal__title">
            {title}
          </h2>
          {headerExtra}
          <button type="button" className="icon-button icon-button--ghost sip-modal__close" onClick={onClose} aria-label="Close">
            <CloseIcon />
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
