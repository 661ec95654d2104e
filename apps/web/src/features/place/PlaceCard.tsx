import { Link } from 'react-router';
import { CupIcon } from '../../components/icons/icons';
import { postImageUrl } from '../../lib/images';
import { addressLine } from './place-format';
import { PlaceRating } from './PlaceRating';
import type { Establishment } from './types';

/** One place in an area's list: photo, name, address, rating and review count; the whole card opens the place. */
export function PlaceCard({ place }: { place: Establishment }) {
  const cover = place.images[0];
  return (
    <li className="place-card">
      <Link to={`/view/${place.establishment_id}`} className="place-card__link">
        <span className="place-card__cover">
          {cover ? <img src={postImageUrl(cover, 'thumb')} alt="" loading="lazy" width={88} height={88} /> : <CupIcon width={30} height={30} />}
        </span>
        <span className="place-card__text">
          <span className="place-card__name">{place.name}</span>
          <span className="place-card__address">{addressLine(place)}</span>
          <PlaceRating rating={place.rating} reviews={place.posts} size="small" className="place-card__meta" />
        </span>
      </Link>
    </li>
  );
}
