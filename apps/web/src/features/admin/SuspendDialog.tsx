import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS, suspendUserSchema } from '@siplog/contracts';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import './suspension.css';

interface SuspendDialogProps {
  title: string;
  /** What the suspension does (and, from a report, which reports it closes). */
  body: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * The Yes/No of a suspension (issue 17), with the reason the admin gives: Yes checks it with the same rule the server
 * applies (required, at most LIMITS.reportNoteMax) and keeps the dialog open, saying why, until it is given.
 */
export function SuspendDialog({ title, body, onConfirm, onCancel }: SuspendDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  // The reason is what the admin has to give, so the field takes the focus. The Modal's own effect (a child's, so it
  // runs first) has opened the dialog by now; React's autoFocus would have run before that, on a closed dialog.
  useEffect(() => field.current?.focus(), []);

  const confirm = () => {
    const checked = suspendUserSchema.shape.reason.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      field.current?.focus();
      return;
    }
    onConfirm(checked.data);
  };

  return (
    <ConfirmDialog title={title} onConfirm={confirm} onCancel={onCancel}>
      <p>{body}</p>
      <div className="admin-field suspend-dialog__field">
        <label htmlFor={`${id}-reason`}>Reason for the suspension</label>
        <textarea
          ref={field}
          id={`${id}-reason`}
          rows={3}
          value={reason}
          maxLength={LIMITS.reportNoteMax}
          required
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="admin-form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
