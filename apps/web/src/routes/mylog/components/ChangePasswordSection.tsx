import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DIALOG_TITLES, LIMITS, PROFILE_MESSAGES } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { readSession, sessionAfterPasswordChange, writeSession } from '../../../lib/session-storage';
import { useSession } from '../../../features/session/useSession';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/trpc-errors';
import { SettingsSection } from './SettingsSection';

/**
 * The collapsible 'Change Password' section (spec §2, §8). A new password under 8 characters is refused
 * here; otherwise the server's message shows under 'Message' (success) or 'Warning', and both fields clear.
 * The server ends every earlier session on success, so the new token it answers replaces the stored one.
 * `startOpen` unfolds it (and brings it into view) when the person must choose a new password.
 */
export function ChangePasswordSection({ startOpen = false }: { startOpen?: boolean }) {
  const [open, setOpen] = useState(startOpen);
  const sectionRef = useRef<HTMLDetailsElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const session = useSession();
  const { showMessage } = useMessageDialog();
  const change = trpc.auth.changePassword.useMutation();
  const utils = trpc.useUtils();
  // isPending lags a render behind: two quick Enters must not send two changes (the second would revoke the first's token).
  const inFlight = useRef(false);

  const currentRef = useRef<HTMLInputElement>(null);

  // Focused before My Log's 'Choose a new password' dialog opens, so closing the dialog returns focus here.
  useEffect(() => {
    if (!startOpen) return;
    sectionRef.current?.scrollIntoView({ block: 'center' });
    currentRef.current?.focus({ preventScroll: true });
  }, [startOpen]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (next.length < LIMITS.changePasswordMin) {
      showMessage(PROFILE_MESSAGES.passwordTooShort);
      return;
    }
    inFlight.current = true;
    try {
      const answer = await change.mutateAsync({ oldpassword: current, newpassword: next });
      const stored = readSession();
      if (answer.token && stored) writeSession(sessionAfterPasswordChange(stored, answer.token));
      showMessage({ title: answer.status === 200 ? DIALOG_TITLES.message : DIALOG_TITLES.warning, body: answer.msg });
      // The recovery (if one was open) is over: the profile says so now.
      void utils.user.profile.invalidate();
    } catch (error) {
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    } finally {
      inFlight.current = false;
      setCurrent('');
      setNext('');
    }
  };

  return (
    <SettingsSection title="Change Password" open={open} onToggle={setOpen} sectionRef={sectionRef}>
      <form className="settings-section__form" onSubmit={submit}>
        {/* A hidden username helps password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={session?.email ?? ''} readOnly hidden />
        <label htmlFor="password-current">Current password</label>
        <input
          ref={currentRef}
          id="password-current"
          type="password"
          autoComplete="current-password"
          value={current}
          maxLength={LIMITS.passwordMax}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <label htmlFor="password-new">New password</label>
        <input
          id="password-new"
          type="password"
          autoComplete="new-password"
          value={next}
          maxLength={LIMITS.passwordMax}
          onChange={(event) => setNext(event.target.value)}
          aria-describedby="password-new-hint"
        />
        <p id="password-new-hint" className="edit-section__hint">
          At least {LIMITS.changePasswordMin} characters. Other devices will be signed out.
        </p>
        <button type="submit" className="button button--primary button--small" disabled={change.isPending || !current || !next}>
          {change.isPending ? 'Updating…' : 'Update password'}
        </button>
      </form>
    </SettingsSection>
  );
}
