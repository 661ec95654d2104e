import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useConfirmedAction } from '../../../components/dialog/useConfirmedAction';
import { trpc } from '../../../lib/trpc';

/** Delete on a comment, for its author and the review's author, behind Yes/No; the list reloads after. */
export function DeleteCommentButton({ postId, commentId, author }: { postId: number; commentId: number; author: string }) {
  const utils = trpc.useUtils();
  const remove = trpc.post.deleteComment.useMutation();
  const deletion = useConfirmedAction(`Delete of comment ${commentId}`, async () => {
    await remove.mutateAsync({ comment_id: commentId });
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
          <p>It is removed for everyone. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
