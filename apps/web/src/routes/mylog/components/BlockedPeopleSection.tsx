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
 * Edit mode's 'Blocked people' (issue 17): everyone the person blocked, the most recent first, each with Unblock;
 * then people on other servers (issue 30), by handle and marked with their server.
 * The list is asked for when the section is opened. An unblock refreshes every cached answer, so the person's
 * reviews, comments and profile come back at once.
 */
export function BlockedPeopleSection() {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const utils = trpc.useUtils();
  const blocked = trpc.user.blocked.useQuery({}, { enabled: open, retry: false });
  const unblock = trpc.user.unblock.useMutation();
  const unblockRemote = trpc.federation.unblock.useMutation();
  const unblocking = unblock.isPending || unblockRemote.isPending;
  const { showMessage } = useMessageDialog();
  useEffect(() => {
    if (blocked.error) logToServer('error', describeFailure('Blocked people list', blocked.error));
  }, [blocked.error]);

  const unblockPerson = async (username: string) => {
    if (unblocking) return;
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

  const unblockElsewhere = async (handle: string) => {
    if (unblocking) return;
    setStatus('');
    try {
      await unblockRemote.mutateAsync({ handle });
      utils.user.blocked.setData({}, (list) => list && { ...list, remote: list.remote.filter((person) => person.handle !== handle) });
      await utils.invalidate();
      setStatus(`Unblocked @${handle}.`);
    } catch (error) {
      logToServer('error', describeFailure(`Unblock of ${handle}`, error));
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    }
  };

  const users = blocked.data?.users ?? [];
  const elsewhere = blocked.data?.remote ?? [];
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
        {blocked.data && users.length === 0 && elsewhere.length === 0 && <p className="blocked-people__empty">You haven’t blocked anyone.</p>}
        {users.length + elsewhere.length > 0 && (
          <ul className="blocked-people__list" aria-label="Blocked people">
            {users.map((username) => (
              <li key={username} className="blocked-people__person">
                <img src={avatarUrlOf(username)} alt="" width={36} height={36} loading="lazy" className="blocked-people__avatar" />
                <span className="blocked-people__name">@{username}</span>
                <button
                  type="button"
                  className="button button--small"
                  disabled={unblocking}
                  aria-label={`Unblock @${username}`}
                  onClick={() => void unblockPerson(username)}
                >
                  {unblock.isPending && unblock.variables?.targetusername === username ? 'Unblocking…' : 'Unblock'}
                </button>
              </li>
            ))}
            {elsewhere.map(({ handle, server }) => (
              <li key={`remote-${handle}`} className="blocked-people__person">
                <span className="blocked-people__avatar blocked-people__avatar--elsewhere" aria-hidden="true">
                  {handle.slice(0, 1).toUpperCase()}
                </span>
                <span className="blocked-people__name">
                  @{handle} <span className="blocked-people__server">on {server}</span>
                </span>
                <button
                  type="button"
                  className="button button--small"
                  disabled={unblocking}
                  aria-label={`Unblock @${handle}`}
                  onClick={() => void unblockElsewhere(handle)}
                >
                  {unblockRemote.isPending && unblockRemote.variables?.handle === handle ? 'Unblocking…' : 'Unblock'}
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
