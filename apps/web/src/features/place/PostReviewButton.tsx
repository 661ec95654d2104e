import { Link } from 'react-router';
import { REVIEW_MESSAGES } from '@siplog/contracts';
import { useMessageDialog } from '../../components/dialog/MessageDialogProvider';
import { useSession } from '../session/useSession';

interface PostReviewButtonProps {
  /** The button's text: 'Post' over the reviews, 'Post Your Review!' when there are none. */
  label: string;
  placeName: string;
  className?: string;
}

/**
 * Writing a review of this place. Posting from the web app arrives with the Quick Post panel (a later issue); until
 * then a guest is sent to log in (spec §6: guests are asked to log in to post), and a signed-in person is told
 * plainly that posting is on its way rather than being sent nowhere.
 */
export function PostReviewButton({ label, placeName, className = 'button button--primary' }: PostReviewButtonProps) {
  const session = useSession();
  const { showMessage } = useMessageDialog();
  if (!session) {
    return (
      <Link to="/login" className={className} title={`${REVIEW_MESSAGES.loginToPost}: ${placeName}`}>
        {label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      onClick={() =>
        showMessage({
          title: 'Coming soon',
          body: `Posting reviews on Siplog is almost ready. Soon you will share your order, photos and stars for ${placeName} right here.`,
        })
      }
    >
      {label}
    </button>
  );
}
