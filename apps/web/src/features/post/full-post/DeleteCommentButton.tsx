import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useConfirmedAction } from '../../../components/dialog/useConfirmedAction';
import { trpc } from '../../../lib/trpc';

/**
 * Delete on a comment, for its author and the review's author, behind Yes/No; the list reloads after. `remote`: a
 * reply from another server, which the review's author removes here (it stays on its own server).
 */
export function DeleteCommentButton({ postId, commentId, author, remote = false }: { postId: number; commentId: number; author: string; remote?: boolean }) {
  const utils = trpc.useUtils();
  const remove = trpc.post.deleteComment.useMutation();
  const deletion = useConfirmedAction(`Delete of ${remote ? 'reply' : 'comment'} ${commentId}`, async () => {
    await remove.mutateAsync(remote ? { comment_id: commentId, remote } : { comment_id: commentId });
    await utils.post.comments.invalidate({ postid: postId });
  });

  return (
    <>
      <button
        type="button"
        className="full-post__comment-delete"
        onClick={deletion.ask}
        disabled={remove.isPending}
        aria-haspopup="dialog"
        aria-label={`Delete the comment by ${author}`}
      >
        {remove.isPending ? 'Deleting…' : 'Delete'}
      </button>
      {deletion.confirming && (
        <ConfirmDialog title="Delete this comment?" onConfirm={deletion.confirm} onCancel={deletion.cancel}>
          <p>{remote ? 'It is removed here for everyone; it stays on their own server.' : 'It is removed for everyone.'} This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
