import { useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS, REPORT_REASON_LABELS, REPORT_REASONS, SAFETY_MESSAGES, type ReportReason } from '@siplog/contracts';
import { Modal } from '../../components/dialog/Modal';
import { JoinNowDialog } from '../post/full-post/JoinNowDialog';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure } from '../../lib/trpc-errors';
import { forwardServerOf, noteCount, noteRemainingText, reportFailureMessage, reportInput, reportTargetName, reportTitle, type ReportTarget } from './report-form';
import './safety.css';
// The Join Now prompt's look, for a guest on a page where no review has been opened yet.
import '../post/full-post/full-post.css';

interface ReportDialogProps {
  target: ReportTarget;
  onClose: () => void;
}

/**
 * Report (issue 17): a reason and an optional note, sent once; then the thanks. Submit waits for a reason; a refusal
 * (own content, gone, too many reports) or an outage is said above the buttons and keeps what was written. The
 * reported person is never told who reported them. About someone on another server (issue 30), it may also be sent to
 * their server, from this one and without the reporter's name (unchecked unless chosen).
 */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [forward, setForward] = useState(false);
  const forwardServer = forwardServerOf(target);
  const add = trpc.report.add.useMutation();
  const sending = useRef(false);
  const reasonName = useId();
  const legendId = useId();
  const noteId = useId();
  const countId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const checked = reportInput(target, reason, note, forward);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    sending.current = true;
    setError(null);
    try {
      await add.mutateAsync(checked.input);
      setSent(true);
    } catch (failure) {
      logToServer('info', describeFailure(`Report of ${reportTargetName(target)}`, failure));
      setError(reportFailureMessage(failure));
    } finally {
      sending.current = false;
    }
  };

  return (
    <Modal title={reportTitle(target)} onClose={onClose} className="report-dialog">
      {sent ? (
        <div className="report-dialog__body report-dialog__thanks">
          <p className="report-dialog__thanks-text" role="status">
            {SAFETY_MESSAGES.reportThanks}
          </p>
          <p className="report-dialog__private">Nobody is told who reported them.</p>
          <div className="report-dialog__actions">
            <button type="button" className="button button--primary button--small" onClick={onClose} autoFocus>
              Close
            </button>
          </div>
        </div>
      ) : (
        <form className="report-dialog__body" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="report-dialog__reasons" aria-labelledby={legendId} role="radiogroup">
            <legend id={legendId} className="report-dialog__legend">
              Why are you reporting this?
            </legend>
            {REPORT_REASONS.map((option, index) => (
              <label key={option} className="report-dialog__reason">
                <input
                  type="radio"
                  name={reasonName}
                  value={option}
                  checked={reason === option}
                  // The first reason takes the focus once the dialog shows (useModalDialog), not the title row's ×.
                  data-autofocus={index === 0 ? true : undefined}
                  onChange={() => {
                    setReason(option);
                    setError(null);
                  }}
                />
                <span>{REPORT_REASON_LABELS[option]}</span>
              </label>
            ))}
          </fieldset>
          <label htmlFor={noteId} className="report-dialog__note-label">
            Anything an admin should know? <span className="report-dialog__optional">(optional)</span>
          </label>
          <textarea
            id={noteId}
            value={note}
            rows={3}
            maxLength={LIMITS.reportNoteMax}
            aria-describedby={error ? `${countId} ${errorId}` : countId}
            onChange={(event) => setNote(event.target.value)}
          />
          <p className="report-dialog__count">
            <span id={countId}>
              {noteCount(note)}
              <span className="visually-hidden"> characters</span>
            </span>
            <span className="visually-hidden" aria-live="polite">
              {noteRemainingText(note)}
            </span>
          </p>
          {forwardServer && (
            <label className="report-dialog__forward">
              <input type="checkbox" checked={forward} onChange={(event) => setForward(event.target.checked)} />
              <span>{SAFETY_MESSAGES.forwardReport(forwardServer)}</span>
            </label>
          )}
          {error && (
            <p id={errorId} className="report-dialog__error" role="alert">
              {error}
            </p>
          )}
          <p className="report-dialog__private">An admin looks at every report. Nobody is told who reported them.</p>
          <div className="report-dialog__actions">
            <button type="button" className="button button--small" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button--primary button--small" disabled={!reason || add.isPending}>
              {add.isPending ? 'Sending…' : 'Send report'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** A guest who chooses Report is asked to log in first, as for a like (issue 17). */
export function ReportLoginPrompt({ onClose }: { onClose: () => void }) {
  return <JoinNowDialog onClose={onClose} text="Log in or create a free account to report something that breaks the rules. An admin looks at every report." />;
}
