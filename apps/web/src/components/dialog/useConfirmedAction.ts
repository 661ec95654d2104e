import { useRef, useState } from 'react';
import { DIALOG_TITLES } from '@siplog/contracts';
import { logToServer } from '../../lib/client-log';
import { describeFailure, errorMessage } from '../../lib/trpc-errors';
import { useMessageDialog } from './MessageDialogProvider';

/**
 * An action behind Yes/No (a delete, a block): `ask` opens the confirm, `confirm` closes it and runs `action` once
 * however often it is pressed; a failure is logged as `what` and shown in a warning.
 */
export function useConfirmedAction(what: string, action: () => Promise<void>) {
  const [confirming, setConfirming] = useState(false);
  const { showMessage } = useMessageDialog();
  const inFlight = useRef(false);

  const confirm = async () => {
    setConfirming(false);
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await action();
    } catch (error) {
      logToServer('error', describeFailure(what, error));
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    } finally {
      inFlight.current = false;
    }
  };

  return { confirming, ask: () => setConfirming(true), cancel: () => setConfirming(false), confirm: () => void confirm() };
}
