import { DIALOG_TITLES } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useConfirmedAction } from '../../../components/dialog/useConfirmedAction';
import { trpc } from '../../../lib/trpc';
import { usePostCache } from './usePostCache';

/**
 * The author's Delete, guarded by a Yes/No confirm (as the admin's delete is). After the server's answer the
 * caller closes the post (`onDeleted`) and the lists that showed it reload.
 */
export function DeletePostButton({ postId, onDeleted }: { postId: number; onDeleted: () => void }) {
  const { showMessage } = useMessageDialog();
  const cache = usePostCache(postId);
  const remove = trpc.post.remove.useMutation();
  const deletion = useConfirmedAction(`Delete of post ${postId}`, async () => {
    const answer = await remove.mutateAsync({ postid: postId });
    onDeleted();
    cache.afterDelete();
    showMessage({ title: DIALOG_TITLES.message, body: answer.msg });
  });

  return (
    <>
      <button
        type="button"
        className="button button--danger button--small"
        onClick={deletion.ask}
        disabled={remove.isPending}
        aria-haspopup="dialog"
      >
        {remove.isPending ? 'Deleting…' : 'Delete'}
      </button>
      {deletion.confirming && (
        <ConfirmDialog title="Delete this review?" onConfirm={deletion.confirm} onCancel={deletion.cancel}>
          <p>Its photos, likes and comments go with it. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
