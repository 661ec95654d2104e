import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SAFETY_MESSAGES, type RemotePersonView } from '@siplog/contracts';
import { Modal } from '../../components/dialog/Modal';
import { trpc } from '../../lib/trpc';
import { describeFailure, specificServerMessage } from '../../lib/trpc-errors';
import { logToServer } from '../../lib/client-log';
import { BlockRemoteConfirm } from '../safety/BlockRemoteConfirm';
import { useBlockRemotePerson } from '../safety/useBlockRemotePerson';
import { useReportItem } from '../safety/useReportItem';
import './remote-person.css';

interface RemotePersonDialogProps {
  /** The handle typed in the search box, `@name@server.example`. */
  handle: string;
  /** Whether someone is signed in: only they can look people up elsewhere and follow them. */
  signedIn: boolean;
  onClose: () => void;
}

const FOLLOW_LABEL: Record<RemotePersonView['following'], string> = { none: 'Follow', pending: 'Requested', following: 'Following' };

/**
 * Someone on another server (issue 30), found by the handle typed in the search box: their picture (as stored here),
 * name, handle and page there, and Follow. A follow stays 'Requested' until their server accepts; their reviews then
 * show in the Following feed. Guests are asked to log in first. The person can be reported (the report may also go to
 * their server) and blocked or unblocked (issue 30); while blocked, Follow is unavailable.
 */
export function RemotePersonDialog({ handle, signedIn, onClose }: RemotePersonDialogProps) {
  const lookup = trpc.federation.lookup.useMutation();
  const follow = trpc.federation.follow.useMutation();
  const unfollow = trpc.federation.unfollow.useMutation();
  const { mutate } = lookup;
  useEffect(() => {
    if (signedIn) mutate({ handle });
  }, [handle, signedIn, mutate]);

  const unblock = trpc.federation.unblock.useMutation();
  // A block ends follows both ways and an unblock restores none; both answer only OK, so the card is updated here.
  const [blockedNow, setBlockedNow] = useState<boolean | null>(null);
  const found = unfollow.data?.person ?? follow.data?.person ?? lookup.data?.person;
  const person: RemotePersonView | undefined = found && blockedNow !== null ? { ...found, blocked: blockedNow, following: blockedNow ? 'none' : found.following } : found;
  const report = useReportItem({ kind: 'remote_user', handle: person?.handle ?? handle.replace(/^@/, '') });
  const block = useBlockRemotePerson(person?.handle ?? handle.replace(/^@/, ''), () => setBlockedNow(true));
  const changing = follow.isPending || unfollow.isPending || unblock.isPending;
  const failure = lookup.error ?? follow.error ?? unfollow.error ?? unblock.error;
  useEffect(() => {
    if (failure) logToServer('warn', describeFailure('Following someone elsewhere failed', failure));
  }, [failure]);

  const unblockPerson = async () => {
    if (!person || unblock.isPending) return;
    try {
      await unblock.mutateAsync({ handle: person.handle });
      setBlockedNow(false);
    } catch {
      // Said under the card (failure) and logged above.
    }
  };

  const toggle = () => {
    if (!person || person.blocked) return;
    follow.reset();
    unfollow.reset();
    if (person.following === 'none') follow.mutate({ remote_actor_id: person.remote_actor_id });
    else unfollow.mutate({ remote_actor_id: person.remote_actor_id });
  };

  return (
    <Modal title="Someone on another server" onClose={onClose} className="remote-person">
      <div className="remote-person__body">
        {!signedIn ? (
          <>
            <p>Log in to find people on other servers and follow their reviews.</p>
            <div className="remote-person__actions">
              <Link to="/login" className="button button--primary button--small">
                Log in
              </Link>
            </div>
          </>
        ) : lookup.isPending ? (
          <p className="remote-person__status" role="status">
            <span className="spinner" aria-hidden="true" /> Looking up {handle}…
          </p>
        ) : person ? (
          <>
            <div className="remote-person__card">
              {person.avatar ? (
                <img className="remote-person__avatar" src={person.avatar} alt="" width={64} height={64} />
              ) : (
                <span className="remote-person__avatar remote-person__avatar--none" aria-hidden="true">
                  {person.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <div className="remote-person__names">
                <p className="remote-person__name">{person.name}</p>
                <p className="remote-person__handle">@{person.handle}</p>
                {person.url && (
                  <a className="remote-person__page" href={person.url} target="_blank" rel="noopener noreferrer nofollow">
                    Their page on {person.server}
                  </a>
                )}
              </div>
            </div>
            <p className="remote-person__hint">
              {person.blocked
                ? SAFETY_MESSAGES.remoteBlockedFollow
                : person.following === 'pending'
                ? `Waiting for ${person.server} to accept. Their reviews show in your Following feed once it does.`
                : person.following === 'following'
                  ? 'Their reviews show in your Following feed, marked with their server.'
                  : 'Follow them to see their reviews in your Following feed.'}
            </p>
            <div className="remote-person__actions">
              <button
                type="button"
                className={person.following === 'none' ? 'button button--primary button--small' : 'button button--small'}
                aria-pressed={person.following !== 'none'}
                disabled={changing || person.blocked}
                onClick={toggle}
              >
                {follow.isPending || unfollow.isPending ? 'Saving…' : FOLLOW_LABEL[person.following]}
              </button>
            </div>
            <div className="remote-person__safety">
              <button type="button" className="button button--small" onClick={report.item.onSelect}>
                Report
              </button>
              {person.blocked ? (
                <button type="button" className="button button--small" disabled={changing} aria-label={`Unblock @${person.handle}`} onClick={() => void unblockPerson()}>
                  {unblock.isPending ? 'Unblocking…' : 'Unblock'}
                </button>
              ) : (
                <button type="button" className="button button--danger button--small" disabled={changing} onClick={block.ask}>
                  Block
                </button>
              )}
            </div>
            {report.dialog}
            {block.confirming && <BlockRemoteConfirm handle={person.handle} onConfirm={block.confirm} onCancel={block.cancel} />}
          </>
        ) : null}
        {failure && (
          <p className="remote-person__error" role="alert">
            {specificServerMessage(failure) ?? 'Something went wrong reaching the other server. Try again in a moment.'}
          </p>
        )}
      </div>
    </Modal>
  );
}
