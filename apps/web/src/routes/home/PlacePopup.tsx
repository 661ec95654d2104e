import { useEffect } from 'react';
import { Link } from 'react-router';
import { addressLine, ratingValue, reviewCountLabel } from '../../features/place/place-format';
import { CloseIcon } from '../../features/profile/icons';
import { StarRating } from '../../features/profile/StarRating';
import { useSession } from '../../features/session/useSession';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure } from '../../lib/trpc-errors';
import type { PlaceSummary } from './place-types';

interface PlacePopupProps {
  /** What the map already knows, shown at once; the full establishment replaces it when it arrives. */
  place: PlaceSummary;
  onClose: () => void;
}

/** The place-choice card of spec §2: the place, then 'view' and 'Post'. */
export function PlacePopup({ place, onClose }: PlacePopupProps) {
  const session = useSession();
  const loaded = trpc.place.byId.useQuery({ establishment_id: place.establishment_id }, { staleTime: 60_000 });
  const shown = loaded.data?.establishment ?? { ...place, zip: '', country: '' };
  const rating = ratingValue(shown.rating);
  const placePage = `/view/${place.establishment_id}`;

  useEffect(() => {
    if (loaded.error) logToServer('error', describeFailure('Place load failed', loaded.error));
  }, [loaded.error]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <article className="place-popup" aria-label={shown.name}>
      <button type="button" className="place-popup__close" aria-label="Close" onClick={onClose}>
        <CloseIcon width={16} height={16} />
      </button>
      <h2 className="place-popup__name">{shown.name}</h2>
      <p className="place-popup__address">{addressLine(shown) || 'Address not known yet'}</p>
      <p className="place-popup__rating">
        {rating !== null ? (
          <>
            <StarRating rating={rating} size={15} />
            <span className="place-popup__score">{shown.rating}</span>
            <span>· {reviewCountLabel(shown.posts)}</span>
          </>
        ) : (
          <span>No reviews yet</span>
        )}
      </p>
      <div className="place-popup__actions">
        <Link to={placePage} className="button button--small">
          view
        </Link>
        {/* Until the add-review panel exists, Post leads to the place page (or to Login for a guest). */}
        <Link to={session ? placePage : '/login'} className="button button--small button--primary">
          Post
        </Link>
      </div>
    </article>
  );
}
