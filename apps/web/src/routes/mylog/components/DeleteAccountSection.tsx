import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DIALOG_TITLES, LIMITS, SAFETY_MESSAGES } from '@siplog/contracts';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { writeSession } from '../../../features/session/session-storage';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/trpc-errors';
import { SettingsSection } from './SettingsSection';
import './own-data.css';

/**
 * "Delete my account" (issue 17): the password again, then a Yes/No that says what goes. The server erases the
 * account with everything in it and ends its sessions; this browser forgets the session and goes home.
 */
export function DeleteAccountSection() {
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { showMessage } = useMessageDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = trpc.user.deleteAccount.useMutation();
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
      const answer = await remove.mutateAsync({ password });
      // Home first, so My Log does not send the signed-out person to /login on its way out.
      await navigate('/', { replace: true });
      writeSession(null);
      queryClient.clear();
      showMessage({ title: DIALOG_TITLES.message, body: answer.msg });
    } catch (error) {
      setPassword('');
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <SettingsSection title="Delete my account" danger>
      <form className="settings-section__form" onSubmit={askToConfirm}>
        <p className="settings-section__text">
          Erases your account for good: your profile and photos, your reviews with their photos, your comments, likes
          and follows, and your notifications. Download your data first if you want to keep a copy.
        </p>
        <label htmlFor="delete-account-password">Password</label>
        <input
          id="delete-account-password"
          type="password"
          autoComplete="current-password"
          value={password}
          maxLength={LIMITS.passwordMax}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button button--danger button--small" disabled={remove.isPending || !password}>
          {remove.isPending ? 'Deleting…' : 'Delete my account'}
        </button>
      </form>
      {confirming && (
        <ConfirmDialog title="Delete your account?" onConfirm={() => void confirm()} onCancel={() => setConfirming(false)}>
          <p>{SAFETY_MESSAGES.deleteAccountConfirm}</p>
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}
