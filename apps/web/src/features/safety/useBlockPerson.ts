import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DIALOG_TITLES } from '@siplog/contracts';
import { useMessageDialog } from '../../components/dialog/MessageDialogProvider';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure, errorMessage } from '../../lib/trpc-errors';

/**
 * Block behind Yes/No (issue 17). After the block the person is taken home (their profile is gone for them now) and
 * every cached answer is refreshed, so the blocked person's reviews, comments and follows disappear everywhere.
 */
export function useBlockPerson(username: string) {
  const [confirming, setConfirming] = useState(false);
  const { showMessage } = useMessageDialog();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const block = trpc.user.block.useMutation();
  const inFlight = useRef(false);

  const confirm = async () => {
    setConfirming(false);
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await block.mutateAsync({ targetusername: username });
      // Leave first: refreshed while still shown, the profile would flash 'No one here'.
      await navigate('/');
      await utils.invalidate();
      showMessage({ title: DIALOG_TITLES.message, body: `You blocked @${username}. To undo it, open Blocked people in My Log's edit mode.` });
    } catch (error) {
      logToServer('error', describeFailure(`Block of ${username}`, error));
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    } finally {
      inFlight.current = false;
    }
  };

  return { confirming, busy: block.isPending, ask: () => setConfirming(true), cancel: () => setConfirming(false), confirm: () => void confirm() };
}
