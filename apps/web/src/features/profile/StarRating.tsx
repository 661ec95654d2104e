import { LIMITS } from '@siplog/contracts';
import { StarIcon } from './icons';

/** A 1-5 rating as filled and empty stars; the rating arrives as a string ('1' to '5'). */
export function StarRating({ rating, size = 16 }: { rating: string | number; size?: number }) {
  const value = Math.max(0, Math.min(LIMITS.ratingMax, Math.round(Number(rating) || 0)));
  return (
    <span className="star-rating" role="img" aria-label={`${value} out of ${LIMITS.ratingMax} stars`}>
      {Array.from({ length: LIMITS.ratingMax }, (_, index) => (
        <StarIcon key={index} filled={index < value} width={size} height={size} />
      ))}
    </span>
  );
}
