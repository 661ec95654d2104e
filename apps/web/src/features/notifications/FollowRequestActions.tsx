import { useState } from 'react';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure, httpStatusOf, specificServerMessage } from '../../lib/trpc-errors';

type Answer = 'accept' | 'reject';

/** What the line says once answered, or why it could not be. */
type Outcome = { kind: 'answered'; text: string } | { kind: 'failed'; text: string; final: boolean };

const FAILED = 'Could not send your answer. Try again.';

interface FollowRequestActionsProps {
  /** The requester (the notification's remote_actor_id). */
  remoteActorId: number;
  /** Their handle, user@host, for the buttons' accessible names. */
  handle: string;
}

/**
 * Accept and Reject on a follow request from another server (issue 30). Once answered, the line says what happened
 * instead (the request's notification is gone on the server, so it is not shown on the next visit).
 */
export function FollowRequestActions({ remoteActorId, handle }: FollowRequestActionsProps) {
  const accept = trpc.federation.acceptFollower.useMutation();
  const reject = trpc.federation.rejectFollower.useMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pending = accept.isPending || reject.isPending;

  const answer = async (choice: Answer) => {
    if (pending) return;
    setOutcome(null);
    try {
      const answered = await (choice === 'accept' ? accept : reject).mutateAsync({ remote_actor_id: remoteActorId });
      setOutcome({ kind: 'answered', text: answered.msg });
    } catch (error) {
      // 404: answered meanwhile (another tab) or taken back by the requester; nothing is left to answer.
      setOutcome({ kind: 'failed', text: specificServerMessage(error) ?? FAILED, final: httpStatusOf(error) === 404 });
      logToServer('warn', describeFailure(`Answering a follow request (${choice})`, error));
    }
  };

  if (outcome?.kind === 'answered') {
    return (
      <p className="notification__answer" role="status">
        {outcome.text}
      </p>
    );
  }
  return (
    <div className="notification__answer-box">
      {!(outcome?.kind === 'failed' && outcome.final) && (
        <div className="notification__actions">
          <button type="button" className="button button--small button--primary" disabled={pending} onClick={() => void answer('accept')} aria-label={`Accept ${handle}`}>
            {accept.isPending ? 'Accepting…' : 'Accept'}
          </button>
          <button type="button" className="button button--small" disabled={pending} onClick={() => void answer('reject')} aria-label={`Reject ${handle}`}>
            {reject.isPending ? 'Rejecting…' : 'Reject'}
          </button>
        </div>
      )}
      {outcome?.kind === 'failed' && (
        <p className="notification__answer notification__answer--failed" role="alert">
          {outcome.text}
        </p>
      )}
    </div>
  );
}
