import { StarRating } from '../../components/rating/StarRating';
import { ratingValue, reviewCountLabel } from './place-format';
import './place-rating.css';

export type PlaceRatingSize = 'small' | 'medium' | 'large';

const STAR_SIZE: Record<PlaceRatingSize, number> = { small: 13, medium: 15, large: 18 };

export interface PlaceRatingProps {
  /** The place's average as the API answers it: '4.5', or '' when nobody has rated it yet. */
  rating: string;
  /** When given, the review count follows the score ('· 12 reviews'); not after 'Not rated yet' when it is 0. */
  reviews?: number;
  size?: PlaceRatingSize;
  /** The text in place of stars for an unrated place. */
  unratedLabel?: string;
  className?: string;
}

/** A place's average rating: stars and the score, or 'Not rated yet'; optionally with its review count. */
export function PlaceRating({ rating, reviews, size = 'medium', unratedLabel = 'Not rated yet', className }: PlaceRatingProps) {
  const value = ratingValue(rating);
  const classes = ['place-rating', `place-rating--${size}`, className].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      {value === null ? (
        <span className="place-rating__unrated">{unratedLabel}</span>
      ) : (
        <>
          <StarRating rating={value} size={STAR_SIZE[size]} />
          <strong className="place-rating__score">{rating}</strong>
        </>
      )}
      {/* Unrated and unreviewed say the same: 'Not rated yet · 0 reviews' only crowded a small card. The dot before the
          count is drawn by place-rating.css, which hides it when the count wraps to a line of its own. */}
      {reviews !== undefined && !(value === null && reviews === 0) && <span className="place-rating__count">{reviewCountLabel(reviews)}</span>}
    </span>
  );
}
