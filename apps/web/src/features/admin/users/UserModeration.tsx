import { useRef, useState } from 'react';
import { ADMIN_MESSAGES, DIALOG_TITLES, SAFETY_MESSAGES } from '@siplog/contracts';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, errorMessage } from '../../../lib/trpc-errors';
import { SuspendDialog } from '../SuspendDialog';
import { SUSPENSION_EFFECT } from '../reports/report-view';
import type { AdminUser } from './user-filter';
import '../suspension.css';

/** FR Users (issue 17): a suspended person's 'Suspended' badge and the reason the admin gave. */
export function SuspensionNotice({ user }: { user: AdminUser }) {
  if (!user.suspended) return null;
  return (
    <p className="admin-user-status">
      <span className="admin-user-status__badge">Suspended</span>
      <span className="admin-user-status__reason">
        {user.email}: {user.suspension_reason ? `“${user.suspension_reason}”` : 'no reason recorded'}
      </span>
    </p>
  );
}

type Pending = 'suspend' | 'unsuspend' | 'delete';

interface UserModerationActionsProps {
  selected: AdminUser | null;
  /** After the account is erased, so the panel lets go of the person. */
  onDeleted: (email: string) => void;
}

/**
 * FR Users' Suspend (with a reason) or Unsuspend, and Delete account, for the selected person (issue 17); each behind
 * Yes/No, and each answered with the server's message.
 */
export function UserModerationActions({ selected, onDeleted }: UserModerationActionsProps) {
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<{ purpose: Pending; user: AdminUser } | null>(null);
  const inFlight = useRef(false);
  const suspend = trpc.admin.suspendUser.useMutation();
  const unsuspend = trpc.admin.unsuspendUser.useMutation();
  const remove = trpc.admin.deleteUser.useMutation();
  const busy = suspend.isPending || unsuspend.isPending || remove.isPending;

  const ask = (purpose: Pending) => (selected ? setPending({ purpose, user: selected }) : showMessage(ADMIN_MESSAGES.selectUser));

  const run = async (reason?: string) => {
    const action = pending;
    setPending(null);
    if (!action || inFlight.current) return;
    inFlight.current = true;
    const { email } = action.user;
    try {
      const answer =
        action.purpose === 'suspend'
          ? await suspend.mutateAsync({ email, reason: reason ?? '' })
          : action.purpose === 'unsuspend'
            ? await unsuspend.mutateAsync({ email })
            : await remove.mutateAsync({ email });
      if (action.purpose === 'delete') onDeleted(email);
      showMessage({ title: DIALOG_TITLES.message, body: answer.msg });
    } catch (error) {
      logToServer('error', describeFailure(`Admin ${action.purpose} user`, error));
      showMessage({ title: DIALOG_TITLES.error, body: errorMessage(error) });
    } finally {
      // A suspension hides their reported content; an erased account takes its reports and posts with it.
      await Promise.all([utils.admin.users.invalidate(), utils.admin.reports.invalidate(), utils.admin.postsByUser.invalidate()]);
      inFlight.current = false;
    }
  };

  return (
    <>
      {selected?.suspended ? (
        <button type="button" className="button button--small" onClick={() => ask('unsuspend')} disabled={busy}>
          {unsuspend.isPending ? 'Unsuspending…' : 'Unsuspend'}
        </button>
      ) : (
        <button type="button" className="button button--danger button--small" onClick={() => ask('suspend')} disabled={busy}>
          {suspend.isPending ? 'Suspending…' : 'Suspend'}
        </button>
      )}
      <button type="button" className="button button--danger button--small" onClick={() => ask('delete')} disabled={busy}>
        {remove.isPending ? 'Deleting…' : 'Delete account'}
      </button>

      {pending?.purpose === 'suspend' && (
        <SuspendDialog title={`Suspend ${pending.user.email}?`} body={SUSPENSION_EFFECT} onConfirm={(reason) => void run(reason)} onCancel={() => setPending(null)} />
      )}
      {pending?.purpose === 'unsuspend' && (
        <ConfirmDialog title={`Unsuspend ${pending.user.email}?`} onConfirm={() => void run()} onCancel={() => setPending(null)}>
          <p>They can sign in again, and their profile, reviews and comments show again.</p>
        </ConfirmDialog>
      )}
      {pending?.purpose === 'delete' && (
        <ConfirmDialog title="Delete this account?" onConfirm={() => void run()} onCancel={() => setPending(null)}>
          <p className="admin-delete-who">
            {pending.user.email} ({pending.user.username})
          </p>
          <p>{SAFETY_MESSAGES.adminDeleteConfirm}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
