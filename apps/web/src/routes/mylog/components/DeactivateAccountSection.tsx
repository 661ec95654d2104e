import { useRef, useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, DIALOG_TITLES, LIMITS } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useSignOutLocally } from '../../../features/session/useLogout';
import { SupportEmailLink } from '../../../features/support/SupportEmailLink';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/trpc-errors';
import { SettingsSection } from './SettingsSection';

/**
 * Deactivation, as the Terms promise it in account settings: the password is asked again and a Yes/No
 * confirm guards it. The server ends every session, so the person is signed out and sent to /login,
 * where signing in again reactivates the account.
 */
export function DeactivateAccountSection() {
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { showMessage } = useMessageDialog();
  const signOutLocally = useSignOutLocally();
  const deactivate = trpc.auth.deactivateAccount.useMutation();
  const inFlight = useRef(false);

  const askToConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (password) setConfirming(true);
  };

  const confirm = async () => {
    setConfirming(false);
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const answer = await deactivate.mutateAsync({ password });
      // My Log already redirects once the session is gone: replace, so Back does not hold two /login entries.
      await signOutLocally({ replace: true });
      showMessage({ title: DIALOG_TITLES.message, body: answer.msg });
    } catch (error) {
      setPassword('');
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <SettingsSection title="Deactivate account" danger>
      <form className="settings-section__form" onSubmit={askToConfirm}>
        <p className="settings-section__text">
          Your profile, reviews and follows are hidden until you log in again, which reactivates your account. To
          erase everything for good, use Delete my account below; questions go to <SupportEmailLink />.
        </p>
        <label htmlFor="deactivate-password">Password</label>
        <input
          id="deactivate-password"
          type="password"
          autoComplete="current-password"
          value={password}
          maxLength={LIMITS.passwordMax}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button button--danger button--small" disabled={deactivate.isPending || !password}>
          {deactivate.isPending ? 'Deactivating…' : 'Deactivate account'}
        </button>
      </form>
      {confirming && (
        <ConfirmDialog title="Deactivate your account?" onConfirm={() => void confirm()} onCancel={() => setConfirming(false)}>
          <p>{AUTH_MESSAGES.deactivateConfirm}</p>
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}
