import { useState } from 'react';
import { Link } from 'react-router';
import { HeartIcon } from '../profile/icons';
import { StarRating } from '../profile/StarRating';
import { ImageCarousel } from './ImageCarousel';
import { ratingValue, streetAndCity } from './place-format';
import type { Establishment } from './types';

/**
 * The test feed card (spec §2 Test feed card): the place's photos, name, street and city, its average rating, a
 * like toggle and a Follow/Following toggle. Both toggles are local only and saved nowhere (spec §4 Test card).
 */
export function FeedCard({ place }: { place: Establishment }) {
  const [liked, setLiked] = useState(false);
  const [following, setFollowing] = useState(false);
  const rating = ratingValue(place.rating);
  return (
    <article className="feed-card" aria-labelledby="feed-card-name">
      <ImageCarousel images={place.images} label={place.name} />
      <div className="feed-card__body">
        <div className="feed-card__title-row">
          <h2 id="feed-card-name" className="feed-card__name">
            <Link to={`/view/${place.establishment_id}`}>{place.name}</Link>
          </h2>
          <button
            type="button"
            className={`feed-card__like${liked ? ' is-liked' : ''}`}
            aria-pressed={liked}
            aria-label="Like"
            onClick={() => setLiked((value) => !value)}
          >
            <HeartIcon width={24} height={24} />
          </button>
        </div>
        <p className="feed-card__address">{streetAndCity(place)}</p>
        <div className="feed-card__footer">
          <span className="feed-card__rating">
            <StarRating rating={rating ?? 0} size={18} />
            {rating === null ? <span className="feed-card__unrated">Not rated yet</span> : <strong>{place.rating}</strong>}
          </span>
          <button
            type="button"
            className={`follow-button follow-button--small${following ? ' is-followed' : ''}`}
            aria-pressed={following}
            onClick={() => setFollowing((value) => !value)}
          >
            {following ? 'Following' : 'Follow'}
          </button>
        </div>
      </div>
    </article>
  );
}
