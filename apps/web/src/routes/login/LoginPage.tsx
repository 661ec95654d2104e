import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { DIALOG_TITLES, FORGOT_PASSWORD_MESSAGES, LIMITS, LOGIN_MESSAGES, normalizeEmail, SERVER_MESSAGES } from '@siplog/contracts';
import { AuthAside } from '../../components/auth/AuthAside';
import { AuthField, EMAIL_INPUT_PROPS } from '../../components/auth/AuthField';
import { PasswordField } from '../../components/auth/PasswordField';
import { useMessageDialog } from '../../components/dialog/MessageDialogProvider';
import { writeSession } from '../../lib/session-storage';
import { useSession } from '../../features/session/useSession';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { describeFailure, errorMessage, httpStatusOf, specificServerMessage } from '../../lib/trpc-errors';
import { lazyModule } from '../../lib/lazy-module';
import '../../components/auth/auth.css';

/** The form's checks (the server's schemas, so zod), loaded when the form is first reached. */
const loginChecks = lazyModule(() => import('./login-form'));

const EMAIL_ID = 'login-email';

export function LoginPage() {
  useDocumentTitle('Log in');
  const session = useSession();
  const navigate = useNavigate();
  const { showMessage, closeMessage } = useMessageDialog();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  /** The address a temporary password was already requested for during this visit. */
  const [tempPasswordSentTo, setTempPasswordSentTo] = useState<string | null>(null);
  const login = trpc.auth.login.useMutation();
  const requestTempPassword = trpc.auth.requestTempPassword.useMutation();

  // Spec §2: a signed-in visitor of /login goes straight to their log.
  if (session) return <Navigate to="/mylog" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const check = (await loginChecks.load()).checkLogin({ email, password });
    if (!check.ok) {
      showMessage(LOGIN_MESSAGES.invalidFields);
      return;
    }
    setEmailError(null);
    showMessage({ title: 'Login', body: LOGIN_MESSAGES.authenticating, progress: true });
    try {
      const response = await login.mutateAsync(check.request);
      closeMessage();
      writeSession(response); // the whole answer is the session (spec §3)
      void navigate('/mylog', { replace: true });
    } catch (failure) {
      const status = httpStatusOf(failure);
      if (status === 429 || status === 403) {
        // Too many attempts (the server says when to come back) or a suspended account: "Invalid credentials" would be wrong.
        showMessage({ title: LOGIN_MESSAGES.failed.title, body: errorMessage(failure) });
      } else {
        showMessage(LOGIN_MESSAGES.failed);
      }
      if (status !== 401 && status !== 403 && status !== 429) logToServer('error', describeFailure(LOGIN_MESSAGES.failed.title, failure));
    }
  };

  const emailPassword = async () => {
    if (requestTempPassword.isPending) return;
    const check = (await loginChecks.load()).checkForgotPassword(email);
    if (!check.ok) {
      setEmailError(check.message);
      document.getElementById(EMAIL_ID)?.focus();
      return;
    }
    setEmailError(null);
    // Spec §8: a repeat click shows 'A temporary password has been sent to your email.' and does not
    // mail another one. A different address is a new request.
    if (tempPasswordSentTo === check.email) {
      showMessage({ title: 'Check your email', body: FORGOT_PASSWORD_MESSAGES.sent });
      return;
    }
    try {
      const response = await requestTempPassword.mutateAsync({ email: check.email });
      setTempPasswordSentTo(check.email);
      showMessage({ title: 'Check your email', body: response.msg || FORGOT_PASSWORD_MESSAGES.sentIfFound });
    } catch (failure) {
      showMessage({ title: DIALOG_TITLES.error, body: specificServerMessage(failure) ?? SERVER_MESSAGES.internal });
      if (httpStatusOf(failure) !== 429) logToServer('error', describeFailure('Temporary password request failed', failure));
    }
  };

  return (
    <div className="auth-page">
      <AuthAside
        eyebrow="Welcome back"
        title="Your next favourite cup is waiting."
        intro="Log in to pick up where you left off: your sip log, the places you follow and the friends whose reviews you trust."
      />

      <form className="auth-card" noValidate onSubmit={submit} onFocus={loginChecks.preload} aria-labelledby="login-title">
        <h1 id="login-title" className="auth-card__title">
          Log in to Siplog
        </h1>
        <p className="auth-card__lead">Good to see you again.</p>

        <AuthField id={EMAIL_ID} label="Email" error={emailError || undefined}>
          <input
            {...EMAIL_INPUT_PROPS}
            id={EMAIL_ID}
            name="email"
            value={email}
            aria-invalid={emailError !== null}
            aria-describedby={emailError ? `${EMAIL_ID}-error` : undefined}
            onChange={(event) => {
              setEmail(normalizeEmail(event.target.value));
              setEmailError(null);
            }}
          />
        </AuthField>

        <AuthField
          id="login-password"
          label="Password"
          action={
            <button
              type="button"
              className="auth-link-button"
              onClick={emailPassword}
              disabled={requestTempPassword.isPending}
              aria-describedby="login-email-password-hint"
            >
              Email Password
            </button>
          }
          hint={{
            id: 'login-email-password-hint',
            text: (
              <>
                Forgot it? Enter your email and choose <strong>Email Password</strong>: we will send you a temporary one.
              </>
            ),
          }}
        >
          <PasswordField
            id="login-password"
            name="password"
            autoComplete="current-password"
            maxLength={LIMITS.passwordMax}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </AuthField>

        <button type="submit" className="button button--primary auth-card__submit" disabled={login.isPending}>
          Login
        </button>

        <div className="auth-card__divider" role="presentation">
          <span>New to Siplog?</span>
        </div>
        <Link to="/join" className="button auth-card__secondary">
          Join Now
        </Link>
      </form>
    </div>
  );
}
