import { useId, type JSX, type MouseEvent } from 'react';
import { useModalDialog } from '../../../components/dialog/useModalDialog';
import { CloseIcon } from '../../../components/icons/icons';
import type { PostView } from '../types';
import { FullPost } from './FullPost';
import { FullPostStatus } from './FullPostStatus';
import { usePostQuery } from './usePostQuery';
import '../../../components/dialog/modal.css';

/** A click on an in-app link (not one opening a new tab, not the share link, which handles its own click). */
function followsLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  return event.target instanceof Element && event.target.closest('a[href]') !== null;
}

/**
 * The full post as a modal (spec §2 Full-post modal): on a wide screen the photos on the left and the rest beside
 * them, on a phone a full-screen sheet. `initial` (the card that was clicked) shows at once while post.byId
 * refreshes it. Escape, the close button, the backdrop and following any link inside close it.
 */
export function FullPostDialog({ postId, initial, onClose }: { postId: number; initial?: PostView; onClose: () => void }): JSX.Element {
  const modal = useModalDialog(onClose);
  const headingId = useId();
  const { post, notFound, failed, retry } = usePostQuery(postId, initial);
  const close = (
    <button type="button" className="icon-button icon-button--ghost full-post__close" onClick={onClose} aria-label="Close">
      <CloseIcon />
    </button>
  );

  return (
    <dialog
      {...modal}
      // A confirm or prompt opened inside is a dialog of its own: its Escape (which React bubbles up here) is its own.
      onCancel={(event) => {
        if (event.target === event.currentTarget) modal.onCancel(event);
        else event.preventDefault();
      }}
      className="sip-modal full-post-modal"
      aria-labelledby={post ? headingId : undefined}
      aria-label={post ? undefined : 'Review'}
      onClick={(event) => {
        // The dialog element itself only receives clicks on its backdrop; its content fills the box.
        if (event.target === event.currentTarget || followsLink(event)) onClose();
      }}
    >
      {post ? (
        <FullPost post={post} headingId={headingId} onDeleted={onClose} headerExtra={close} />
      ) : (
        <FullPostStatus notFound={notFound} failed={failed} onRetry={retry}>
          {close}
        </FullPostStatus>
      )}
    </dialog>
  );
}
