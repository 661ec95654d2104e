import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { CupIcon, PlaceIcon } from '../../components/icons/icons';
import { postImageUrl } from '../../lib/images';
import { addressLine, directionsUrl, followersLabel, reviewCountLabel } from './place-format';
import { WantToTryButton } from '../want-to-try/WantToTryButton';
import { BEST_ORDER_PARAM, BestOrders } from './BestOrders';
import { PlaceFollowButton } from './PlaceFollowButton';
import { PlaceFollowersDialog } from './PlaceFollowersDialog';
import { PlaceHoursSection } from './hours/PlaceHoursSection';
import { PlaceAmenities } from './PlaceAmenities';
import { PlaceImages } from './PlaceImages';
import { PlaceRating } from './PlaceRating';
import { PlaceShareButton } from './PlaceShareButton';
import { PlaceReviews } from './PlaceReviews';
import type { Establishment } from './types';
import './place.css';

/** Name, address, counts, rating and the follow control (spec §2 Establishment page). */
function PlaceHero({ place, onShowFollowers }: { place: Establishment; onShowFollowers: () => void }) {
  const address = addressLine(place);
  const cover = place.images[0];
  return (
    <section className="place-hero" aria-labelledby="place-name">
      <span className="place-hero__cover">
        {cover ? <img src={postImageUrl(cover, 'thumb')} alt="" width={112} height={112} /> : <CupIcon width={44} height={44} />}
      </span>
      <div className="place-hero__info">
        <div className="place-hero__title-row">
          <h1 id="place-name" className="place-hero__name">
            {place.name}
          </h1>
          <div className="place-hero__actions">
            <PlaceFollowButton establishmentId={place.establishment_id} name={place.name} />
            <WantToTryButton establishmentId={place.establishment_id} name={place.name} size="small" />
            <PlaceShareButton name={place.name} slug={place.slug} />
          </div>
        </div>
        {address && (
          <p className="place-hero__address">
            <PlaceIcon width={16} height={16} />
            <a href={directionsUrl(place.lat, place.lng)} target="_blank" rel="noopener noreferrer" title="Directions in your map app">
              {address}
            </a>
          </p>
        )}
        <ul className="place-hero__stats" aria-label="Place counts">
          <li>
            <PlaceRating rating={place.rating} size="large" />
          </li>
          <li>{reviewCountLabel(place.posts)}</li>
          <li>
            <button type="button" className="place-hero__followers" onClick={onShowFollowers} aria-haspopup="dialog">
              {followersLabel(place.followers)}
            </button>
          </li>
        </ul>
      </div>
    </section>
  );
}

/** The whole place page for a loaded establishment: header, opening hours and amenities, photos and recent reviews. */
export function PlaceView({ place }: { place: Establishment }) {
  useDocumentTitle(place.name);
  const [followersOpen, setFollowersOpen] = useState(false);
  const chosenParam = Number(useSearchParams()[0].get(BEST_ORDER_PARAM));
  const chosenBest = Number.isInteger(chosenParam) && chosenParam > 0 ? chosenParam : null;
  return (
    <div className="place-page">
      <PlaceHero place={place} onShowFollowers={() => setFollowersOpen(true)} />
      <div className="place-facts">
        <PlaceHoursSection place={place} />
        <PlaceAmenities amenities={place.amenities} />
      </div>
      <PlaceImages images={place.images} name={place.name} />
      <BestOrders establishmentId={place.establishment_id} chosen={chosenBest} />
      <PlaceReviews place={place} chosenBest={chosenBest} />
      {followersOpen && <PlaceFollowersDialog establishmentId={place.establishment_id} onClose={() => setFollowersOpen(false)} />}
    </div>
  );
}
