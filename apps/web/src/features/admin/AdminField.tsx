import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import './admin-cards.css';

interface AdminFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> {
  /** The box's id; its error and hint are `${id}-error` and `${id}-hint`. */
  id: string;
  label: ReactNode;
  /** Why what was typed was refused: shown under the box in place of the hint, and the box is marked invalid. */
  error: string | null;
  hint?: ReactNode;
  /** The row's own class, beside admin-field. */
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** One labelled box of an admin form with its error (read out when it appears) or else its hint, tied to the box. */
export function AdminField({ id, label, error, hint, className, ref, ...input }: AdminFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={className ? `admin-field ${className}` : 'admin-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="admin-form-error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="admin-hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
