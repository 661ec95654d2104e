import { useEffect, useState } from 'react';
import { DIALOG_TITLES } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { avatarUrlOf } from '../../../lib/images';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, errorMessage } from '../../../lib/trpc-errors';
import { SettingsSection } from './SettingsSection';
import './blocked-people.css';

/**
 * Edit mode's 'Blocked people' (issue 17): everyone the person blocked, the most recent first, each with Unblock.
 * The list is asked for when the section is opened. An unblock refreshes every cached answer, so the person's
 * reviews, comments and profile come back at once.
 */
export function BlockedPeopleSection() {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const utils = trpc.useUtils();
  const blocked = trpc.user.blocked.useQuery({}, { enabled: open, retry: false });
  const unblock = trpc.user.unblock.useMutation();
  const { showMessage } = useMessageDialog();
  useEffect(() => {
    if (blocked.error) logToServer('error', describeFailure('Blocked people list', blocked.error));
  }, [blocked.error]);

  const unblockPerson = async (username: string) => {
    if (unblock.isPending) return;
    setStatus('');
    try {
      await unblock.mutateAsync({ targetusername: username });
      utils.user.blocked.setData({}, (list) => list && { ...list, users: list.users.filter((name) => name !== username) });
      await utils.invalidate();
      setStatus(`Unblocked @${username}.`);
    } catch (error) {
      logToServer('error', describeFailure(`Unblock of ${username}`, error));
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    }
  };

  const users = blocked.data?.users ?? [];
  return (
    <SettingsSection title="Blocked people" open={open} onToggle={setOpen}>
      <div className="blocked-people">
        <p className="settings-section__text">
          You and the people you block don’t see each other’s reviews, comments or profile, and can’t follow or interact.
          They aren’t told.
        </p>
        {blocked.isLoading && <p className="blocked-people__empty">Loading…</p>}
        {blocked.isError && (
          <p className="blocked-people__empty">
            The list did not load.{' '}
            <button type="button" className="button button--small" onClick={() => void blocked.refetch()}>
              Try again
            </button>
          </p>
        )}
        {blocked.data && users.length === 0 && <p className="blocked-people__empty">You haven’t blocked anyone.</p>}
        {users.length > 0 && (
          <ul className="blocked-people__list" aria-label="Blocked people">
            {users.map((username) => (
              <li key={username} className="blocked-people__person">
                <img src={avatarUrlOf(username)} alt="" width={36} height={36} loading="lazy" className="blocked-people__avatar" />
                <span className="blocked-people__name">@{username}</span>
                <button
                  type="button"
                  className="button button--small"
                  disabled={unblock.isPending}
                  aria-label={`Unblock @${username}`}
                  onClick={() => void unblockPerson(username)}
                >
                  {unblock.isPending && unblock.variables?.targetusername === username ? 'Unblocking…' : 'Unblock'}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="blocked-people__status" role="status">
          {status}
        </p>
      </div>
    </SettingsSection>
  );
}
