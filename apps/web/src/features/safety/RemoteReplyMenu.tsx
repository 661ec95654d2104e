import { MoreMenu, type MoreMenuItem } from '../../components/menu/MoreMenu';
import { useSession } from '../session/useSession';
import { BlockRemoteConfirm } from './BlockRemoteConfirm';
import { useBlockRemotePerson } from './useBlockRemotePerson';
import { useReportItem } from './useReportItem';

/**
 * The '…' menu of a reply from someone on another server (issue 30): Report (which may also go to their server), and
 * for a signed-in person Block @handle; once blocked, the comments reload without their replies.
 */
export function RemoteReplyMenu({ commentId, handle, label }: { commentId: number; handle: string; label: string }) {
  const session = useSession();
  const report = useReportItem({ kind: 'remote_comment', id: commentId, handle });
  const block = useBlockRemotePerson(handle);
  const items: MoreMenuItem[] = [report.item];
  if (session) items.push({ label: `Block @${handle}`, onSelect: block.ask, danger: true });
  return (
    <>
      <MoreMenu label={label} items={items} size="small" />
      {report.dialog}
      {block.confirming && <BlockRemoteConfirm handle={handle} onConfirm={block.confirm} onCancel={block.cancel} />}
    </>
  );
}
