import { DIALOG_TITLES } from '@siplog/contracts';
import { useMessageDialog } from '../../components/dialog/MessageDialogProvider';
import { useConfirmedAction } from '../../components/dialog/useConfirmedAction';
import { trpc } from '../../lib/trpc';

/**
 * Block someone on another server behind Yes/No (issue 30). Every cached answer is refreshed afterwards, so their
 * replies, reviews and notifications disappear at once; `onBlocked` lets the caller update what it shows itself.
 */
export function useBlockRemotePerson(handle: string, onBlocked?: () => void) {
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const block = trpc.federation.block.useMutation();
  return useConfirmedAction(`Block of ${handle}`, async () => {
    await block.mutateAsync({ handle });
    onBlocked?.();
    await utils.invalidate();
    showMessage({ title: DIALOG_TITLES.message, body: `You blocked @${handle}. To undo it, open Blocked people in My Log's edit mode.` });
  });
}
