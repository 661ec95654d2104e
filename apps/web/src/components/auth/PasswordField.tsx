import { useState, type InputHTMLAttributes } from 'react';
import './auth.css';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { id: string };

/** A password input with a Show / Hide toggle (used by /login and /join). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-field">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
      <button
        type="button"
        className="password-field__toggle"
        aria-controls={props.id}
        aria-pressed={visible}
        aria-label={visible ? 'Hide password' : 'Show password'}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
