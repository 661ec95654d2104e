import { Link } from 'react-router';
import { CupIcon } from '../profile/icons';
import { postImageUrl } from '../profile/images';
import { StarRating } from '../profile/StarRating';
import { addressLine, ratingValue, reviewCountLabel } from './place-format';
import type { Establishment } from './types';

/** One place in an area's list: photo, name, address, rating and review count; the whole card opens the place. */
export function PlaceCard({ place }: { place: Establishment }) {
  const rating = ratingValue(place.rating);
  const cover = place.images[0];
  return (
    <li className="place-card">
      <Link to={`/view/${place.establishment_id}`} className="place-card__link">
        <span className="place-card__cover">
          {cover ? <img src={postImageUrl(cover, true)} alt="" loading="lazy" width={88} height={88} /> : <CupIcon width={30} height={30} />}
        </span>
        <span className="place-card__text">
          <span className="place-card__name">{place.name}</span>
          <span className="place-card__address">{addressLine(place)}</span>
          <span className="place-card__meta">
            {rating === null ? (
              <span className="place-card__unrated">Not rated yet</span>
            ) : (
              <>
                <StarRating rating={rating} size={13} />
                <strong>{place.rating}</strong>
              </>
            )}
            <span aria-hidden="true">·</span>
            <span>{reviewCountLabel(place.posts)}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}
