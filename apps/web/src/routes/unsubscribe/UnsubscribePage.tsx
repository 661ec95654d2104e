import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { NOTIFICATION_MESSAGES } from '@siplog/contracts';
import { EMAIL_SETTINGS_PATH } from '../../features/notifications/email-settings-link';
import type { UnsubscribeAnswer } from '../../features/notifications/types';
import { unsubscribeOutcome } from '../../features/notifications/unsubscribe-text';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure, httpStatusOf } from '../../lib/trpc-errors';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './unsubscribe.css';

type Failure = 'badLink' | 'unreachable';

function Unsubscribe({ token }: { token: string }) {
  const { mutateAsync, isPending } = trpc.notification.unsubscribe.useMutation();
  const [answer, setAnswer] = useState<UnsubscribeAnswer | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [lastResubscribe, setLastResubscribe] = useState(false);
  const opened = useRef(false);

  const apply = useCallback(
    async (resubscribe: boolean) => {
      setLastResubscribe(resubscribe);
      setFailure(null);
      try {
        setAnswer(await mutateAsync({ token, resubscribe }));
      } catch (error) {
        const badLink = httpStatusOf(error) === 400;
        if (!badLink) logToServer('warn', describeFailure('Unsubscribe failed', error));
        setFailure(badLink ? 'badLink' : 'unreachable');
      }
    },
    [mutateAsync, token],
  );

  // Opening the link is the click that unsubscribes (once, even when React runs effects twice in development).
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void apply(false);
  }, [apply]);

  if (failure === 'badLink') {
    return (
      <>
        <h1>Unsubscribe</h1>
        <p role="alert">{NOTIFICATION_MESSAGES.badUnsubscribeLink}</p>
        <p>
          Signed in, you can choose which <span className="unsubscribe-page__nowrap">e-mails</span> you get in{' '}
          <Link to={EMAIL_SETTINGS_PATH}>My Log</Link>.
        </p>
      </>
    );
  }

  return (
    <>
      <h1>{answer?.subscribed ? 'Subscribed again' : 'Unsubscribe'}</h1>
      <p role="status" className="unsubscribe-page__outcome">
        {failure === 'unreachable'
          ? 'We could not reach Siplog. Check your connection and try again.'
          : answer
            ? unsubscribeOutcome(answer.kind, answer.subscribed)
            : 'Unsubscribing…'}
      </p>
      <div className="unsubscribe-page__actions">
        {failure === 'unreachable' ? (
          <button type="button" className="button button--primary" onClick={() => void apply(lastResubscribe)} disabled={isPending}>
            Try again
          </button>
        ) : (
          answer && (
            <button type="button" className="button" onClick={() => void apply(!answer.subscribed)} disabled={isPending}>
              {answer.subscribed ? 'Unsubscribe' : 'Subscribe again'}
            </button>
          )
        )}
        <Link to={EMAIL_SETTINGS_PATH} className="button button--primary">
          E-mail settings in My Log
        </Link>
      </div>
    </>
  );
}

/** /unsubscribe/{token}: the one-click link of a notification e-mail; works signed out (issue 16). */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const token = useParams().token ?? '';
  return (
    <div className="unsubscribe-page">
      {/* Keyed: another link starts afresh. */}
      <Unsubscribe key={token} token={token} />
    </div>
  );
}
