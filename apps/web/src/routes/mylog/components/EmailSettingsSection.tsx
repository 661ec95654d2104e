import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { NOTIFICATION_EMAIL_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '@siplog/contracts';
import { EMAIL_SETTINGS_ANCHOR } from '../../../features/notifications/email-settings-link';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure } from '../../../lib/trpc-errors';

type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Could not save that choice. Try again.',
};

/**
 * Edit mode's 'E-mail me when…' (issue 16): one box per kind of notification, each saved as it is toggled. When the
 * operator has notification e-mail off, it says so and the boxes wait, disabled.
 */
export function EmailSettingsSection() {
  const utils = trpc.useUtils();
  const settings = trpc.notification.emailSettings.useQuery({}, { refetchOnWindowFocus: false });
  // The boxes as the person set them; the server's answer until the first toggle.
  const [choices, setChoices] = useState<Record<NotificationKind, boolean> | null>(null);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const saving = useRef(0);
  const sectionRef = useRef<HTMLFieldSetElement>(null);
  const { hash } = useLocation();
  const shown = choices ?? settings.data?.settings;
  const mailEnabled = settings.data?.mailEnabled ?? true;

  // From an unsubscribe page's link (/mylog#email-settings): bring the section into view once it is there.
  const ready = shown !== undefined;
  useEffect(() => {
    if (ready && hash === `#${EMAIL_SETTINGS_ANCHOR}`) sectionRef.current?.scrollIntoView({ block: 'center' });
  }, [ready, hash]);

  const toggle = (kind: NotificationKind, enabled: boolean) => {
    if (!shown) return;
    setChoices({ ...shown, [kind]: enabled });
    setStatus('saving');
    saving.current++;
    // Through the client: each toggle is its own save, and a mutation hook calls back only for its latest call.
    utils.client.notification.updateEmailSettings.mutate({ [kind]: enabled }).then(
      (answer) => {
        utils.notification.emailSettings.setData({}, answer);
        if (--saving.current === 0) setStatus((current) => (current === 'failed' ? current : 'saved'));
      },
      (error: unknown) => {
        saving.current--;
        setChoices((current) => current && { ...current, [kind]: !enabled });
        setStatus('failed');
        logToServer('warn', describeFailure('Saving an e-mail choice failed', error));
      },
    );
  };

  return (
    <fieldset ref={sectionRef} id={EMAIL_SETTINGS_ANCHOR} className="edit-section email-settings" aria-describedby={mailEnabled ? undefined : 'email-settings-off'}>
      <legend className="edit-section__title">E-mail me when…</legend>
      <p className={`edit-section__status email-settings__status${status === 'failed' ? ' is-failed' : ''}`} role="status">
        {STATUS_TEXT[status]}
      </p>
      {!mailEnabled && (
        <p id="email-settings-off" className="edit-section__hint email-settings__off">
          This site does not send notification e-mail, so these choices have no effect for now.
        </p>
      )}
      {settings.isError && !shown ? (
        <p className="edit-section__hint">
          We could not load your e-mail choices.{' '}
          <button type="button" className="button button--small" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </p>
      ) : !shown ? (
        <p className="edit-section__hint">Loading your choices…</p>
      ) : (
        <div className="email-settings__choices">
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="email-settings__choice">
              <input type="checkbox" checked={shown[kind]} disabled={!mailEnabled} onChange={(event) => toggle(kind, event.target.checked)} />
              {NOTIFICATION_EMAIL_LABELS[kind]}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
