import type { ReactNode } from 'react';
import { Modal } from './Modal';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The Yes/No guard of a destructive action: No (focused first, and Escape) closes; Yes performs it. */
export function ConfirmDialog({ title, children, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} className="confirm-dialog">
      <div className="confirm-dialog__body">
        {children}
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--small" onClick={onCancel} autoFocus data-autofocus>
            No
          </button>
          <button type="button" className="button button--danger button--small" onClick={onConfirm}>
            Yes
          </button>
        </div>
      </div>
    </Modal>
  );
}
