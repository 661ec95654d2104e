import { useMemo, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { DIALOG_TITLES, LIMITS, REGISTRATION_MESSAGES } from '@siplog/contracts';
import { AuthAside } from '../../components/auth/AuthAside';
import { AuthField, EMAIL_INPUT_PROPS } from '../../components/auth/AuthField';
import { PasswordField } from '../../components/auth/PasswordField';
import { useMessageDialog } from '../../components/dialog/MessageDialogProvider';
import { writeSession } from '../../lib/session-storage';
import { useSession } from '../../features/session/useSession';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure, httpStatusOf, specificServerMessage } from '../../lib/trpc-errors';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { lazyModule } from '../../lib/lazy-module';
import {
  applyInputRule,
  EMPTY_JOIN_FORM,
  passwordChecks,
  registrationFailureField,
  yearOfBirthOptions,
  type JoinField,
  type JoinForm,
} from './join-form';
import '../../components/auth/auth.css';
import './join.css';

/** The form's checks (the server's schemas, so zod), loaded when the form is first reached. */
const joinChecks = lazyModule(() => import('./join-checks'));
type JoinChecks = Awaited<ReturnType<typeof joinChecks.load>>;

type Step = 'email' | 'details';
type UsernameStatus = { tone: 'ok' | 'bad' | 'muted'; text: string } | null;

const fieldId = (field: JoinField) => `join-${field}`;
const focusField = (field: JoinField) => document.getElementById(fieldId(field))?.focus();

export function JoinPage() {
  useDocumentTitle('Join Siplog');
  const session = useSession();
  const navigate = useNavigate();
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const [step, setStep] = useState<Step>('email');
  const [form, setForm] = useState<JoinForm>(EMPTY_JOIN_FORM);
  const [error, setError] = useState<{ field: JoinField; message: string } | null>(null);
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const requestCode = trpc.auth.requestCode.useMutation();
  const register = trpc.auth.register.useMutation();
  const years = useMemo(() => yearOfBirthOptions(), []);
  // Step 2's username line needs the checks while rendering; they are in before it shows (step 1's submit loads them).
  const [checks, setChecks] = useState<JoinChecks | null>(null);
  const loadChecks = async (): Promise<JoinChecks> => {
    const loaded = await joinChecks.load();
    setChecks(() => loaded);
    return loaded;
  };
  const usernameProblem = (username: string) => checks?.usernameProblem(username) ?? null;

  // Username availability, asked once the person stops typing (spec §5: it must be available).
  const debouncedUsername = useDebouncedValue(form.userid, LIMITS.searchDebounceMs);
  const debouncedProblem = debouncedUsername ? usernameProblem(debouncedUsername) : null;
  const availability = trpc.auth.usernameAvailable.useQuery(
    { username: debouncedUsername },
    { enabled: checks !== null && step === 'details' && debouncedUsername !== '' && debouncedProblem === null, staleTime: 30_000, retry: false },
  );
  const usernameSettled = form.userid === debouncedUsername;
  const usernameKnownTaken = usernameSettled && debouncedProblem === null && availability.data?.useravailable === false;

  if (session) return <Navigate to="/mylog" replace />;

  let usernameStatus: UsernameStatus = null;
  if (form.userid && error?.field !== 'userid') {
    if (!usernameSettled) {
      if (usernameProblem(form.userid) === null) usernameStatus = { tone: 'muted', text: 'Checking availability…' };
    } else if (debouncedProblem) {
      usernameStatus = { tone: 'bad', text: debouncedProblem };
    } else if (availability.data?.useravailable === true) {
      usernameStatus = { tone: 'ok', text: `@${debouncedUsername} is available` };
    } else if (usernameKnownTaken) {
      usernameStatus = { tone: 'bad', text: REGISTRATION_MESSAGES.usernameTaken };
    } else if (availability.isFetching) {
      usernameStatus = { tone: 'muted', text: 'Checking availability…' };
    }
  }

  const update = (field: JoinField, value: string) => {
    setForm((current) => ({ ...current, [field]: applyInputRule(field, value) }));
    if (error?.field === field) setError(null);
  };

  const showFieldError = (field: JoinField, message: string) => {
    setError({ field, message });
    focusField(field);
  };

  const codeFailed = (failure: unknown) => {
    showMessage({ title: DIALOG_TITLES.error, body: specificServerMessage(failure) ?? REGISTRATION_MESSAGES.codeFailed });
    if (httpStatusOf(failure) !== 429) logToServer('error', describeFailure('Verification code request failed', failure));
  };

  /** Step 1 (and "send a new code" in step 2): mails a verification code to the address. */
  const sendCode = async (): Promise<boolean> => {
    const check = (await loadChecks()).checkJoinEmail(form.email);
    if (!check.ok) {
      setStep('email');
      showFieldError('email', check.message);
      return false;
    }
    try {
      const response = await requestCode.mutateAsync({ email: check.value });
      if (response.status !== 200) {
        showMessage({ title: DIALOG_TITLES.error, body: response.msg || REGISTRATION_MESSAGES.codeFailed });
        return false;
      }
      setForm((current) => ({ ...current, email: check.value }));
      setCodeNotice(response.msg);
      return true;
    } catch (failure) {
      codeFailed(failure);
      return false;
    }
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (requestCode.isPending) return;
    setError(null);
    if (await sendCode()) setStep('details');
  };

  const resendCode = async () => {
    if (requestCode.isPending) return;
    if (await sendCode()) focusField('verificationcode');
  };

  const submitDetails = async (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const check = (await loadChecks()).checkJoinForm(form);
    if (!check.ok) {
      if (check.field === 'email') setStep('email');
      showFieldError(check.field, check.message);
      return;
    }
    if (usernameKnownTaken && debouncedUsername === check.value.userid) {
      showFieldError('userid', REGISTRATION_MESSAGES.usernameTaken);
      return;
    }
    setError(null);
    try {
      const response = await register.mutateAsync(check.value);
      writeSession(response.user);
      void navigate('/mylog', { replace: true });
    } catch (failure) {
      logToServer('error', REGISTRATION_MESSAGES.failedLog);
      // Spec §8 says "The form is cleared". We keep everything the person typed (a retry must not fail on a
      // password they no longer see) and say what went wrong once: at the field it concerns when the server
      // names one (a refused code, a username taken meanwhile), else in the failure dialog.
      const detail = specificServerMessage(failure);
      const field = registrationFailureField(detail);
      if (detail && field) {
        if (field === 'userid') void utils.auth.usernameAvailable.invalidate();
        showFieldError(field, detail);
        return;
      }
      showMessage({ title: DIALOG_TITLES.error, body: detail ?? REGISTRATION_MESSAGES.failed });
    }
  };

  /** The control's props; `describedBy` names its hint or status line, which the error replaces while there is one. */
  const fieldProps = (field: JoinField, describedBy?: string) => ({
    id: fieldId(field),
    name: field,
    value: form[field],
    'aria-invalid': error?.field === field,
    'aria-describedby': error?.field === field ? `${fieldId(field)}-error` : describedBy,
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
  });

  /** What the field's frame needs: the control's id and the field's error. */
  const frameOf = (field: JoinField) => ({ id: fieldId(field), error: error?.field === field ? error.message : undefined });

  return (
    <div className="auth-page join-page">
      <AuthAside
        eyebrow="Join Siplog"
        title="Every sip worth remembering."
        intro="Create your free account in two quick steps: confirm your email, then tell us a little about yourself."
      />

      <div className="auth-card">
        <h1 className="auth-card__title">Join Siplog</h1>
        <ol className="join-steps" aria-label="Steps">
          <li aria-current={step === 'email' ? 'step' : undefined} className={step === 'details' ? 'is-done' : undefined}>
            <span className="join-steps__dot" aria-hidden="true">
              1
            </span>
            Verify email
          </li>
          <li aria-current={step === 'details' ? 'step' : undefined}>
            <span className="join-steps__dot" aria-hidden="true">
              2
            </span>
            Your details
          </li>
        </ol>

        {step === 'email' ? (
          <form noValidate onSubmit={submitEmail} onFocus={joinChecks.preload} aria-label="Verify email">
            <p className="auth-card__lead">We will email you a verification code to confirm the address is yours.</p>
            <AuthField {...frameOf('email')} label="Email">
              <input {...fieldProps('email')} {...EMAIL_INPUT_PROPS} autoFocus />
            </AuthField>
            <button type="submit" className="button button--primary auth-card__submit" disabled={requestCode.isPending} aria-busy={requestCode.isPending}>
              Request Code
            </button>
          </form>
        ) : (
          <form noValidate onSubmit={submitDetails} aria-label="Your details">
            {codeNotice && (
              <p className="join-notice" role="status">
                {codeNotice}
              </p>
            )}

            <AuthField
              {...frameOf('email')}
              label="Email"
              action={
                <button
                  type="button"
                  className="auth-link-button"
                  aria-label="Change email"
                  onClick={() => {
                    setCodeNotice(null);
                    setError(null);
                    setStep('email');
                  }}
                >
                  change
                </button>
              }
            >
              <input {...fieldProps('email')} type="email" readOnly aria-readonly="true" />
            </AuthField>

            <div className="join-row">
              <AuthField {...frameOf('firstname')} label="First name">
                <input {...fieldProps('firstname')} autoComplete="given-name" maxLength={LIMITS.nameMax} autoFocus />
              </AuthField>
              <AuthField {...frameOf('lastname')} label="Last name">
                <input {...fieldProps('lastname')} autoComplete="family-name" maxLength={LIMITS.nameMax} />
              </AuthField>
            </div>

            <div className="join-row">
              <AuthField
                {...frameOf('phonenumber')}
                label={
                  <>
                    Phone <span className="join-optional">(optional)</span>
                  </>
                }
              >
                <input
                  {...fieldProps('phonenumber')}
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={LIMITS.phoneMax}
                  placeholder="555-555-5555"
                />
              </AuthField>
              <AuthField {...frameOf('zipcode')} label="Zip code">
                <input
                  {...fieldProps('zipcode')}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={LIMITS.zipLength}
                  placeholder="78701"
                />
              </AuthField>
            </div>

            <AuthField
              {...frameOf('verificationcode')}
              label="Verification code"
              hint={{
                id: 'join-code-hint',
                text: (
                  <>
                    From the email we just sent to <strong>{form.email}</strong>. Capital letters matter.
                  </>
                ),
              }}
              action={
                <button type="button" className="auth-link-button" onClick={resendCode} disabled={requestCode.isPending}>
                  Send a new code
                </button>
              }
            >
              <input
                {...fieldProps('verificationcode', 'join-code-hint')}
                autoComplete="one-time-code"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                maxLength={LIMITS.verificationCodeMax}
                className="join-code"
              />
            </AuthField>

            <AuthField
              {...frameOf('userid')}
              label="Username"
              footer={
                <p
                  id="join-userid-status"
                  className={`join-username__status${usernameStatus ? ` is-${usernameStatus.tone}` : ''}`}
                  role="status"
                >
                  {usernameStatus?.text ??
                    (!form.userid && error?.field !== 'userid'
                      ? `${LIMITS.usernameMin}–${LIMITS.usernameMax} characters: letters, numbers, dots and underscores.`
                      : '')}
                </p>
              }
            >
              <div className="join-username">
                <span className="join-username__at" aria-hidden="true">
                  @
                </span>
                <input
                  {...fieldProps('userid', 'join-userid-status')}
                  autoComplete="username"
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={LIMITS.usernameMax}
                />
              </div>
            </AuthField>

            <AuthField
              {...frameOf('password')}
              label="Password"
              footer={
                <ul id="join-password-rules" className="join-rules" aria-label="Password needs">
                  {passwordChecks(form.password).map((rule) => (
                    <li key={rule.label} className={rule.met ? 'is-met' : undefined}>
                      {rule.label}
                    </li>
                  ))}
                </ul>
              }
            >
              <PasswordField
                {...fieldProps('password', 'join-password-rules')}
                autoComplete="new-password"
                maxLength={LIMITS.passwordMax}
              />
            </AuthField>

            <AuthField
              {...frameOf('yearofbirth')}
              label={
                <>
                  Year of birth <span className="join-optional">(optional)</span>
                </>
              }
            >
              <select {...fieldProps('yearofbirth')}>
                <option value="">Choose a year</option>
                {years.map((year) => (
                  <option key={year} value={String(year)}>
                    {year}
                  </option>
                ))}
              </select>
            </AuthField>

            <p className="join-terms">
              By joining you agree to our <Link to="/terms-of-service">Terms of Service</Link>.
            </p>

            <button type="submit" className="button button--primary auth-card__submit" disabled={register.isPending} aria-busy={register.isPending}>
              Register
            </button>
          </form>
        )}

        <p className="auth-card__footnote">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </div>
    </div>
  );
}
