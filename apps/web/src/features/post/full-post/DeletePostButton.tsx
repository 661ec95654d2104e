import { useRef, useState } from 'react';
import { DIALOG_TITLES } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, errorMessage } from '../../../lib/trpc-errors';
import { usePostCache } from './usePostCache';

/**
 * The author's Delete, guarded by a Yes/No confirm (as the admin's delete is). After the server's answer the
 * caller closes the post (`onDeleted`) and the lists that showed it reload.
 */
export function DeletePostButton({ postId, onDeleted }: { postId: number; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { showMessage } = useMessageDialog();
  const cache = usePostCache(postId);
  const remove = trpc.post.remove.useMutation();
  const inFlight = useRef(false);

  const confirm = async () => {
    setConfirming(false);
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const answer = await remove.mutateAsync({ postid: postId });
      onDeleted();
      cache.afterDelete();
      showMessage({ title: DIALOG_TITLES.message, body: answer.msg });
    } catch (error) {
      logToServer('error', describeFailure(`Delete of post ${postId}`, error));
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--danger button--small"
        onClick={() => setConfirming(true)}
        disabled={remove.isPending}
        aria-haspopup="dialog"
      >
        {remove.isPending ? 'Deleting…' : 'Delete'}
      </button>
      {confirming && (
        <ConfirmDialog title="Delete this review?" onConfirm={() => void confirm()} onCancel={() => setConfirming(false)}>
          <p>Its photos, likes and comments go with it. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
