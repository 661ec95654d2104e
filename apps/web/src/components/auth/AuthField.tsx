import type { InputHTMLAttributes, ReactNode } from 'react';
import { LIMITS } from '@siplog/contracts';
import './auth.css';

/** The e-mail box of the account screens: an e-mail keyboard, no auto-capitals or spell check, the length cap. */
export const EMAIL_INPUT_PROPS = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  autoCapitalize: 'off',
  spellCheck: false,
  maxLength: LIMITS.emailMax,
  placeholder: 'you@example.com',
} as const satisfies InputHTMLAttributes<HTMLInputElement>;

interface AuthFieldProps {
  /** The control's id: the label points at it, and the error line is `${id}-error` (for aria-describedby). */
  id: string;
  label: ReactNode;
  /** A link button on the label's row ('change', 'Email Password'). */
  action?: ReactNode;
  /** The field's problem, shown under the control as an alert. */
  error?: string;
  /** Help under the control while there is no error, with its id for aria-describedby. */
  hint?: { id: string; text: ReactNode };
  /** The control: an input, a select, a PasswordField. */
  children: ReactNode;
  /** More under the error or hint: a live status line, a checklist. */
  footer?: ReactNode;
}

/** One field of the account forms: the label (and a link button beside it), the control, then its error or hint. */
export function AuthField({ id, label, action, error, hint, children, footer }: AuthFieldProps) {
  const labelElement = <label htmlFor={id}>{label}</label>;
  return (
    <div className="auth-field">
      {action ? (
        <div className="auth-field__label-row">
          {labelElement}
          {action}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {error !== undefined ? (
        <p id={`${id}-error`} className="auth-field__error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hint.id} className="auth-field__hint">
            {hint.text}
          </p>
        )
      )}
      {footer}
    </div>
  );
}
