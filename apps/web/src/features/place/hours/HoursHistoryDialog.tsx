import type { PlaceHoursChange } from '@siplog/contracts';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { Modal } from '../../../components/dialog/Modal';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, specificServerMessage } from '../../../lib/trpc-errors';
import { relativeTime } from '../../notifications/relative-time';
import { LazyReportDialog } from '../../safety/LazyReportDialog';
import { useSession } from '../../session/useSession';
import type { Establishment } from '../types';
import { useMinuteClock } from './useMinuteClock';
import { usePlaceHoursSaved } from './usePlaceHoursSaved';
import '../place-pill.css';
import './hours-editor.css';

interface HoursHistoryDialogProps {
  place: Establishment;
  onClose: () => void;
}

/** Hours as text, or what their absence means. */
function HoursText({ text }: { text: string | null }) {
  return text ? <code className="hours-history__text">{text}</code> : <span className="hours-history__none">No hours</span>;
}

/** One change: who and when, before → after, and what the viewer may do with it. */
function ChangeItem({
  change,
  now,
  reverting,
  onRevert,
  onReport,
}: {
  change: PlaceHoursChange;
  now: number;
  reverting: boolean;
  onRevert: () => void;
  onReport: () => void;
}) {
  return (
    <li className="hours-history__item" data-change-id={change.id}>
      <p className="hours-history__who">
        <Link to={`/user/${encodeURIComponent(change.username)}`}>@{change.username}</Link>
        <span className="hours-history__when"> · {relativeTime(change.created_at, now)}</span>
        {change.reverts_id !== null && <span className="place-pill">Undoes an earlier change</span>}
        {change.reverted && <span className="place-pill is-reverted">Reverted</span>}
      </p>
      <p className="hours-history__diff">
        <HoursText text={change.before} />
        <span className="hours-history__arrow" aria-label="changed to">
          →
        </span>
        <HoursText text={change.after} />
      </p>
      <div className="hours-history__actions">
        {change.can_revert && (
          <button type="button" className="button button--small" disabled={reverting} onClick={onRevert}>
            {reverting ? 'Reverting…' : 'Revert'}
          </button>
        )}
        <button type="button" className="hours-editor__link" aria-haspopup="dialog" aria-label={`Report the change by @${change.username}`} onClick={onReport}>
          Report
        </button>
      </div>
    </li>
  );
}

/**
 * A place's hours history (issue 31), newest first and public: who changed them, when, from what to what. The
 * person who made a change (or an admin) may revert it while nothing changed since; anyone may report one.
 */
export function HoursHistoryDialog({ place, onClose }: HoursHistoryDialogProps) {
  const session = useSession();
  const history = trpc.place.hoursHistory.useQuery({ establishment_id: place.establishment_id }, { staleTime: 0 });
  const revert = trpc.place.revertHours.useMutation();
  const saved = usePlaceHoursSaved();
  const [reverting, setReverting] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reported, setReported] = useState<number | null>(null);
  const now = useMinuteClock();

  const revertChange = async (changeId: number) => {
    if (reverting !== null) return;
    setReverting(changeId);
    setError(null);
    try {
      const answer = await revert.mutateAsync({ change_id: changeId });
      saved(answer.establishment);
    } catch (failure) {
      logToServer('info', describeFailure(`Revert of hours change ${changeId}`, failure));
      setError(specificServerMessage(failure) ?? 'The change was not reverted. Please try again.');
    } finally {
      setReverting(null);
    }
  };

  const changes = history.data?.changes ?? [];
  return (
    <Modal title="History of opening hours" onClose={onClose} className="hours-history-dialog">
      <div className="hours-history__body">
      {error && (
        <p className="hours-editor__error" role="alert">
          {error}
        </p>
      )}
      {history.isPending ? (
        <p className="hours-history__empty">Loading the history…</p>
      ) : history.isError ? (
        <p className="hours-history__empty" role="alert">
          The history could not be loaded.{' '}
          <button type="button" className="hours-editor__link" onClick={() => void history.refetch()}>
            Try again
          </button>
        </p>
      ) : changes.length === 0 ? (
        <p className="hours-history__empty">Nobody has changed this place&rsquo;s hours yet.</p>
      ) : (
        <ol className="hours-history__list">
          {changes.map((change) => (
            <ChangeItem
              key={change.id}
              change={change}
              now={now}
              reverting={reverting === change.id}
              onRevert={() => void revertChange(change.id)}
              onReport={() => setReported(change.id)}
            />
          ))}
        </ol>
      )}
      </div>
      {reported !== null &&
        createPortal(<LazyReportDialog target={{ kind: 'hours_change', id: reported }} guest={!session} onClose={() => setReported(null)} />, document.body)}
    </Modal>
  );
}
