import { Link } from 'react-router';
import { REVIEW_MESSAGES } from '@siplog/contracts';
import { QuickPostButton } from '../post/quick-post/QuickPostButton';
import type { QuickPostPlace } from '../post/quick-post/quick-post-place';
import { useSession } from '../session/useSession';

interface PostReviewButtonProps {
  /** The button's text: 'Post' over the reviews, 'Post Your Review!' when there are none. */
  label: string;
  place: QuickPostPlace;
  className?: string;
}

/**
 * Writing a review of this place: the Quick Post panel opens with the place chosen. A guest is sent to log in
 * (spec §6: guests are asked to log in to post).
 */
export function PostReviewButton({ label, place, className = 'button button--primary' }: PostReviewButtonProps) {
  const session = useSession();
  if (!session) {
    return (
      <Link to="/login" className={className} title={`${REVIEW_MESSAGES.loginToPost}: ${place.name}`}>
        {label}
      </Link>
    );
  }
  return (
    <QuickPostButton className={className} place={place}>
      {label}
    </QuickPostButton>
  );
}
