import { useRef } from 'react';
import './follow-toggle.css';

export interface FollowToggleProps {
  followed: boolean;
  /** A check or a change is running: the button is disabled. */
  busy: boolean;
  /** Who or what is followed, for the accessible name: 'follow @ann', 'unfollow Dark Matter Coffee'. */
  label: string;
  /** Follows or unfollows; the button takes no other click until the returned promise settles. */
  onToggle: () => Promise<unknown> | void;
  size?: 'regular' | 'small';
  className?: string;
}

/** The 'follow' / 'unfollow' button of people and places (spec §4 Follow button); the caller holds the state. */
export function FollowToggle({ followed, busy, label, onToggle, size = 'regular', className }: FollowToggleProps) {
  // Set at the click itself: `busy` reaches the button a render later, after a double click's second click.
  const sending = useRef(false);
  const text = followed ? 'unfollow' : 'follow';
  const classes = ['follow-button', `follow-button--${size}`, followed && 'is-followed', className].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={classes}
      disabled={busy}
      aria-busy={busy}
      aria-label={`${text} ${label}`}
      data-state={text}
      onClick={() => {
        if (busy || sending.current) return;
        sending.current = true;
        void Promise.resolve(onToggle())
          .catch(() => undefined) // the caller reports its own failures
          .finally(() => {
            sending.current = false;
          });
      }}
    >
      {text}
    </button>
  );
}
