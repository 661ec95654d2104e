import { useNavigate } from 'react-router';
import { DIALOG_TITLES } from '@siplog/contracts';
import { useMessageDialog } from '../../components/dialog/MessageDialogProvider';
import { useConfirmedAction } from '../../components/dialog/useConfirmedAction';
import { trpc } from '../../lib/trpc';

/**
 * Block behind Yes/No (issue 17). After the block the person is taken home (their profile is gone for them now) and
 * every cached answer is refreshed, so the blocked person's reviews, comments and follows disappear everywhere.
 */
export function useBlockPerson(username: string) {
  const { showMessage } = useMessageDialog();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const block = trpc.user.block.useMutation();
  return useConfirmedAction(`Block of ${username}`, async () => {
    await block.mutateAsync({ targetusername: username });
    // Leave first: refreshed while still shown, the profile would flash 'No one here'.
    await navigate('/');
    await utils.invalidate();
    showMessage({ title: DIALOG_TITLES.message, body: `You blocked @${username}. To undo it, open Blocked people in My Log's edit mode.` });
  });
}
