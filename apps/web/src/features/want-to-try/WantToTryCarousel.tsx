import { Link } from 'react-router';
import { displayPlaceName, placeLocationPath } from '@siplog/contracts';
import { CardCarousel } from '../../components/carousel/CardCarousel';
import { CupIcon } from '../../components/icons/icons';
import { postImageUrl } from '../../lib/images';
import { PlaceRating } from '../place/PlaceRating';
import type { Establishment } from '../place/types';
import { useWantToTryList } from './useWantToTry';
import './want-to-try.css';

function PlaceCard({ place, first }: { place: Establishment; first: boolean }) {
  const image = place.images[0];
  const path = place.slug ? placeLocationPath(place.slug) : `/view/${place.establishment_id}`;
  return (
    <li className="post-card">
      <Link to={path} className="post-card__button want-to-try-card">
        <span className="post-card__image">
          {image ? <img src={postImageUrl(image, 'thumb')} alt="" loading={first ? 'eager' : 'lazy'} width={200} height={140} /> : <CupIcon width={40} height={40} />}
        </span>
        <span className="post-card__text">
          <span className="post-card__order" title={place.name}>
            {displayPlaceName(place.name)}
          </span>
          {place.city && <span className="post-card__place">{place.city}</span>}
          <PlaceRating rating={place.rating} reviews={place.posts} size="small" />
        </span>
      </Link>
    </li>
  );
}

/** My Log's 'Want to try': the places on the person's list, most recently added first. */
export function WantToTryCarousel() {
  const { list } = useWantToTryList();
  return (
    <div className="want-to-try-section">
      <CardCarousel
        title="Want to try"
        items={list.data?.places}
        loading={list.isLoading}
        failed={list.isError}
        emptyText="Places you mark 'Want to try' on the map or a place's page show up here."
        failedText="Your Want to try list could not be loaded right now."
        keyOf={(place) => place.establishment_id}
        renderItem={(place, first) => <PlaceCard place={place} first={first} />}
      />
    </div>
  );
}
