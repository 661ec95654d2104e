import { useState } from 'react';
import { Link } from 'react-router';
import { PhotoCarousel } from '../../components/carousel/PhotoCarousel';
// The local Follow/Following toggle looks like the real follow button.
import '../../components/follow/follow-toggle.css';
import { CupIcon, HeartIcon } from '../../components/icons/icons';
import { postImageUrl } from '../../lib/images';
import { streetAndCity } from './place-format';
import { PlaceRating } from './PlaceRating';
import type { Establishment } from './types';

/**
 * The test feed card (spec §2 Test feed card): the place's photos, name, street and city, its average rating, a
 * like toggle and a Follow/Following toggle. Both toggles are local only and saved nowhere (spec §4 Test card).
 */
export function FeedCard({ place }: { place: Establishment }) {
  const [liked, setLiked] = useState(false);
  const [following, setFollowing] = useState(false);
  return (
    <article className="feed-card" aria-labelledby="feed-card-name">
      <PhotoCarousel
        sources={place.images.map((image) => postImageUrl(image, 'card'))}
        label={place.name}
        placeholder={<CupIcon width={48} height={48} />}
      />
      <div className="feed-card__body">
        <div className="feed-card__title-row">
          <h2 id="feed-card-name" className="feed-card__name">
            <Link to={`/view/${place.establishment_id}`}>{place.name}</Link>
          </h2>
          <button
            type="button"
            className={`icon-button icon-button--large icon-button--ghost feed-card__like${liked ? ' is-liked' : ''}`}
            aria-pressed={liked}
            aria-label="Like"
            onClick={() => setLiked((value) => !value)}
          >
            <HeartIcon width={24} height={24} />
          </button>
        </div>
        <p className="feed-card__address">{streetAndCity(place)}</p>
        <div className="feed-card__footer">
          <PlaceRating rating={place.rating} size="large" />
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
