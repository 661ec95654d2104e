import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DIALOG_TITLES, LIMITS } from '@siplog/contracts';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { errorMessage } from '../../../lib/trpc-errors';
import { SettingsSection } from './SettingsSection';

interface PasswordConfirmedSectionProps {
  title: string;
  /** What the action does, above the password field. */
  explanation: ReactNode;
  inputId: string;
  /** The button's words, and its words while the request runs. */
  action: string;
  pendingAction: string;
  confirmTitle: string;
  confirmBody: string;
  /** Sends the request with the password; answers the server's message. */
  perform: (password: string) => Promise<{ msg: string }>;
  /** After success, before the server's message is shown (sign out, go home). */
  afterSuccess: () => Promise<void>;
}

/**
 * An account change that cannot be taken back lightly (deactivation, deletion): the password asked again, then a
 * Yes/No that says what happens. A refusal clears the password and shows the server's words; a second click while
 * the request runs does nothing.
 */
export function PasswordConfirmedSection(props: PasswordConfirmedSectionProps) {
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const { showMessage } = useMessageDialog();
  const inFlight = useRef(false);

  const askToConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (password) setConfirming(true);
  };

  const confirm = async () => {
    setConfirming(false);
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    try {
      const answer = await props.perform(password);
      await props.afterSuccess();
      showMessage({ title: DIALOG_TITLES.message, body: answer.msg });
    } catch (error) {
      setPassword('');
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  return (
    <SettingsSection title={props.title} danger>
      <form className="settings-section__form" onSubmit={askToConfirm}>
        <p className="settings-section__text">{props.explanation}</p>
        <label htmlFor={props.inputId}>Password</label>
        <input
          id={props.inputId}
          type="password"
          autoComplete="current-password"
          value={password}
          maxLength={LIMITS.passwordMax}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button button--danger button--small" disabled={pending || !password}>
          {pending ? props.pendingAction : props.action}
        </button>
      </form>
      {confirming && (
        <ConfirmDialog title={props.confirmTitle} onConfirm={() => void confirm()} onCancel={() => setConfirming(false)}>
          <p>{props.confirmBody}</p>
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}
