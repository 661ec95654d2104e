import { useRef, useState } from 'react';
import { DIALOG_TITLES } from '@siplog/contracts';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, errorMessage } from '../../../lib/trpc-errors';

/** Delete on a comment, for its author and the review's author, behind Yes/No; the list reloads after. */
export function DeleteCommentButton({ postId, commentId, author }: { postId: number; commentId: number; author: string }) {
  const [confirming, setConfirming] = useState(false);
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const remove = trpc.post.deleteComment.useMutation();
  const inFlight = useRef(false);

  const confirm = async () => {
    setConfirming(false);
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await remove.mutateAsync({ comment_id: commentId });
      await utils.post.comments.invalidate({ postid: postId });
    } catch (error) {
      logToServer('error', describeFailure(`Delete of comment ${commentId}`, error));
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      <button
        type="button"
        className="full-post__comment-delete"
        onClick={() => setConfirming(true)}
        disabled={remove.isPending}
        aria-haspopup="dialog"
        aria-label={`Delete the comment by ${author}`}
      >
        {remove.isPending ? 'Deleting…' : 'Delete'}
      </button>
      {confirming && (
        <ConfirmDialog title="Delete this comment?" onConfirm={() => void confirm()} onCancel={() => setConfirming(false)}>
          <p>It is removed for everyone. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
