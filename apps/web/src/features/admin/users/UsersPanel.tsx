import { useMemo, useState } from 'react';
import { ADMIN_MESSAGES, DIALOG_TITLES } from '@siplog/contracts';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, errorMessage } from '../../../lib/trpc-errors';
import type { PostView } from '../../post/types';
import { UserDetails } from './UserDetails';
import { SuspensionNotice, UserModerationActions } from './UserModeration';
import { UserPostsTable } from './UserPostsTable';
import { filterUsers } from './user-filter';

/** What the Yes/No confirm guards (spec §4 Admin: change password is purpose 0, delete post 1). */
type Pending = { purpose: 'changePassword'; email: string } | { purpose: 'deletePost'; post: PostView };

/** Spec §2 Users panel: pick a person, reset their password, edit them, write to them, and manage their posts. */
export function UsersPanel() {
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const [onlyVerified, setOnlyVerified] = useState(false);
  const [filter, setFilter] = useState('');
  const [selectedEmail, setSelectedEmail] = useState('');
  const [showDetails, setShowDetails] = useState(false);
  const [postsOf, setPostsOf] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const users = trpc.admin.users.useQuery(onlyVerified ? { verified: true } : {}, { retry: false });
  const shown = useMemo(() => filterUsers(users.data?.users ?? [], filter), [users.data, filter]);
  const selected = shown.find((user) => user.email === selectedEmail) ?? null;
  const posts = trpc.admin.postsByUser.useQuery({ email: postsOf ?? '' }, { enabled: postsOf !== null, retry: false });
  const changePassword = trpc.admin.changePassword.useMutation();
  const deletePost = trpc.admin.deletePost.useMutation();

  const loadPosts = async () => {
    if (!selected) return showMessage(ADMIN_MESSAGES.selectUser);
    setPostsOf(selected.email);
    const answer = await utils.admin.postsByUser.fetch({ email: selected.email }).catch((error: unknown) => error);
    if (answer instanceof Error) showMessage({ title: DIALOG_TITLES.error, body: errorMessage(answer) });
  };

  // An erased person leaves the panel: nobody is selected, and their posts table closes.
  const forget = (email: string) => {
    setSelectedEmail('');
    setPostsOf((shownFor) => (shownFor === email ? null : shownFor));
  };

  const confirm = async () => {
    const action = pending;
    setPending(null);
    if (!action) return;
    try {
      if (action.purpose === 'changePassword') {
        const answer = await changePassword.mutateAsync({ email: action.email });
        showMessage({ title: DIALOG_TITLES.message, body: answer.msg });
      } else {
        setDeleting(action.post.post_id);
        const answer = await deletePost.mutateAsync({ post_id: action.post.post_id, establishment_id: action.post.establishment_id });
        await utils.admin.postsByUser.invalidate();
        showMessage({ title: DIALOG_TITLES.message, body: answer.msg });
      }
    } catch (error) {
      logToServer('error', describeFailure(`Admin ${action.purpose}`, error));
      showMessage({ title: DIALOG_TITLES.error, body: errorMessage(error) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className="admin-panel" aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="admin-panel__title">
        Users
      </h2>
      <p className="admin-users__count" aria-live="polite">
        {users.isPending ? 'Loading users…' : users.isError ? `Users could not be loaded: ${errorMessage(users.error)}` : `${shown.length} of ${users.data.users.length} users`}
      </p>
      <div className="admin-users__pickers">
        <div className="admin-field">
          <label htmlFor="admin-user-filter">Filter</label>
          <input
            id="admin-user-filter"
            type="search"
            value={filter}
            placeholder="E-mail, first or last name"
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <div className="admin-field admin-field--wide">
          <label htmlFor="admin-user-select">User</label>
          <select id="admin-user-select" value={selected?.email ?? ''} onChange={(event) => setSelectedEmail(event.target.value)}>
            <option value="">Select user</option>
            {shown.map((user) => (
              <option key={user.email} value={user.email}>
                {user.email}
                {user.deactivated ? ' (deactivated)' : ''}
                {user.suspended ? ' (suspended)' : ''}
              </option>
            ))}
          </select>
        </div>
        <label className="admin-check">
          <input type="checkbox" checked={onlyVerified} onChange={(event) => setOnlyVerified(event.target.checked)} />
          Verified
        </label>
      </div>
      {selected && <SuspensionNotice user={selected} />}
      <div className="admin-actions">
        <button type="button" className="button button--small" onClick={() => void users.refetch()} disabled={users.isFetching}>
          {users.isFetching ? 'Loading…' : 'Load'}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => (selected ? setPending({ purpose: 'changePassword', email: selected.email }) : showMessage({ title: DIALOG_TITLES.warning, body: ADMIN_MESSAGES.invalidOperation }))}
          disabled={changePassword.isPending}
        >
          {changePassword.isPending ? 'Changing…' : 'Change Password'}
        </button>
        <button type="button" className="button button--small" onClick={() => setShowDetails((shown) => !shown)} aria-expanded={showDetails}>
          {showDetails ? 'Hide details' : 'Show details'}
        </button>
        <button type="button" className="button button--small" onClick={() => void loadPosts()} disabled={posts.isFetching}>
          {posts.isFetching ? 'Loading posts…' : 'Load Posts'}
        </button>
        <UserModerationActions selected={selected} onDeleted={forget} />
      </div>

      {showDetails && (selected ? <UserDetails key={selected.email} user={selected} /> : <p className="admin-muted">Select a user to see their details.</p>)}

      {postsOf !== null && posts.data && (
        <div className="admin-posts">
          <h3 className="admin-details__heading">Posts of {postsOf}</h3>
          <UserPostsTable posts={posts.data.posts} deleting={deleting} onDelete={(post) => setPending({ purpose: 'deletePost', post })} />
        </div>
      )}

      {pending?.purpose === 'changePassword' && (
        <ConfirmDialog title="Change this password?" onConfirm={() => void confirm()} onCancel={() => setPending(null)}>
          <p>A temporary password goes by e-mail to {pending.email}. Their current password stops working.</p>
        </ConfirmDialog>
      )}
      {pending?.purpose === 'deletePost' && (
        <ConfirmDialog title="Delete this post?" onConfirm={() => void confirm()} onCancel={() => setPending(null)}>
          <p>
            {pending.post.order} at {pending.post.establishment_name}: its photos, likes and comments go with it. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
