import { createPortal } from 'react-dom';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';

/** 'Block @ann@peer.example?' (issue 30), in <body> so the styles of the reply or card it came from stay off it. */
export function BlockRemoteConfirm({ handle, onConfirm, onCancel }: { handle: string; onConfirm: () => void; onCancel: () => void }) {
  return createPortal(
    <ConfirmDialog title={`Block @${handle}?`} onConfirm={onConfirm} onCancel={onCancel}>
      <p>
        You won’t see their replies or reviews, and follows between you end; their server is told only that. You can
        unblock them from Blocked people in My Log’s edit mode.
      </p>
    </ConfirmDialog>,
    document.body,
  );
}
