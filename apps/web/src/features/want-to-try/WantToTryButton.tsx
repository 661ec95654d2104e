import { useRef } from 'react';
import { specificServerMessage } from '../../lib/trpc-errors';
import { useWantToTry } from './useWantToTry';
import './want-to-try.css';

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
      <path d="M6 3h12v18l-6-4.5L6 21z" />
    </svg>
  );
}

/** 'Want to try' on a place (signed in only): pressed while the place is on the person's list. */
export function WantToTryButton({ establishmentId, name, size = 'regular' }: { establishmentId: number; name: string; size?: 'regular' | 'small' }) {
  const { signedIn, wanted, busy, failed, toggle } = useWantToTry(establishmentId);
  const sending = useRef(false);
  if (!signedIn) return null;
  const problem = failed ? (specificServerMessage(failed) ?? 'That did not work. Please try again.') : null;
  return (
    <span className="want-to-try">
      <button
        type="button"
        className={`button want-to-try__button${size === 'small' ? ' button--small' : ''}${wanted ? ' is-wanted' : ''}`}
        aria-pressed={wanted}
        aria-label={`Want to try ${name}`}
        disabled={busy}
        onClick={() => {
          if (sending.current) return;
          sending.current = true;
          void toggle()
            .catch(() => undefined) // shown below and logged by the hook
            .finally(() => {
              sending.current = false;
            });
        }}
      >
        <BookmarkIcon filled={wanted} />
        Want to try
      </button>
      {problem && (
        <span className="want-to-try__error" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
