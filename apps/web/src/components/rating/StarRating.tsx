import { LIMITS } from '@siplog/contracts';
import { StarIcon } from '../icons/icons';
import './star-rating.css';

/**
 * Stars shown for a rating: rounded down to the nearest half, so an average never shows more stars than it earned
 * (4.5 and 4.8 show four and a half; the score beside the stars gives the exact value).
 */
export function shownStars(rating: string | number): number {
  const value = Number(rating);
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(LIMITS.ratingMax, Math.floor(value * 2) / 2));
}

/** A 1-5 rating (a post's '1' to '5', or a place's average like '4.5') as full, half and empty stars. */
export function StarRating({ rating, size = 16 }: { rating: string | number; size?: number }) {
  const value = shownStars(rating);
  return (
    <span className="star-rating" role="img" aria-label={`${value} out of ${LIMITS.ratingMax} stars`}>
      {Array.from({ length: LIMITS.ratingMax }, (_, index) =>
        value - index === 0.5 ? (
          <span key={index} className="star-rating__half">
            <StarIcon filled={false} width={size} height={size} />
            <StarIcon filled width={size} height={size} />
          </span>
        ) : (
          <StarIcon key={index} filled={index < value} width={size} height={size} />
        ),
      )}
    </span>
  );
}
