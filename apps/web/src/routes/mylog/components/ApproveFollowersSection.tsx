import { useState } from 'react';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure } from '../../../lib/trpc-errors';
import './approve-followers.css';

type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Could not save that choice. Try again.',
};

/**
 * Edit mode's 'Approve followers' (issue 30): whether people on other servers of the fediverse who follow the person
 * wait for their Accept or Reject (in their notifications) instead of following at once. Saved as it is toggled.
 */
export function ApproveFollowersSection({ stored }: { stored: boolean }) {
  const utils = trpc.useUtils();
  const save = trpc.user.setApproveFollowers.useMutation();
  const [checked, setChecked] = useState(stored);
  const [status, setStatus] = useState<SaveStatus>('idle');

  const toggle = async (next: boolean) => {
    setChecked(next);
    setStatus('saving');
    try {
      await save.mutateAsync({ approve_followers: next });
      setStatus('saved');
      void utils.user.profile.invalidate();
    } catch (error) {
      setChecked(!next);
      setStatus('failed');
      logToServer('warn', describeFailure("Saving 'Approve followers' failed", error));
    }
  };

  return (
    <div className="edit-section approve-followers" role="group" aria-labelledby="approve-followers-title">
      <div className="approve-followers__head">
        <span id="approve-followers-title" className="edit-section__title">
          Followers from other servers
        </span>
        <span className={`edit-section__status approve-followers__status${status === 'failed' ? ' is-failed' : ''}`} role="status">
          {STATUS_TEXT[status]}
        </span>
      </div>
      <label className="approve-followers__choice">
        <input type="checkbox" checked={checked} disabled={save.isPending} aria-describedby="approve-followers-hint" onChange={(event) => void toggle(event.target.checked)} />
        Approve followers
      </label>
      <p id="approve-followers-hint" className="edit-section__hint">
        Follows from other servers (the fediverse, like Mastodon) wait in your notifications for your answer. Turned off, requests already waiting
        stay waiting.
      </p>
    </div>
  );
}
