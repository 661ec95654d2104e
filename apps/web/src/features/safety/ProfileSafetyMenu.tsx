import { createPortal } from 'react-dom';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { MoreMenu, type MoreMenuItem } from '../../components/menu/MoreMenu';
import { useSession } from '../session/useSession';
import { useBlockPerson } from './useBlockPerson';
import { useReportItem } from './useReportItem';

/**
 * The '…' menu of someone else's profile: Report, and for a signed-in person Block (issue 17). Not shown on one's own
 * profile (the caller leaves it out).
 */
export function ProfileSafetyMenu({ username }: { username: string }) {
  const session = useSession();
  const report = useReportItem({ kind: 'user', username });
  const block = useBlockPerson(username);
  const items: MoreMenuItem[] = [report.item];
  if (session) items.push({ label: 'Block', onSelect: block.ask, danger: true });
  return (
    <>
      <MoreMenu label={`More actions for @${username}`} items={items} />
      {report.dialog}
      {/* In <body>: the profile card's styles (centred text on a phone) stay off the confirm. */}
      {block.confirming &&
        createPortal(
          <ConfirmDialog title={`Block @${username}?`} onConfirm={block.confirm} onCancel={block.cancel}>
            <p>
              You won’t see each other’s reviews, comments or profile, and neither of you can follow the other or
              interact. @{username} isn’t told. You can unblock them from Blocked people in My Log’s edit mode.
            </p>
          </ConfirmDialog>,
          document.body,
        )}
    </>
  );
}
