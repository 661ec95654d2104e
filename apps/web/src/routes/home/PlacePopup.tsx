import { formatAddressLine } from '@siplog/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PlaceStatusLine } from '../../features/place/hours/PlaceStatusLine';
import { useMinuteClock } from '../../features/place/hours/useMinuteClock';
import { PlaceRating } from '../../features/place/PlaceRating';
import { preloadQuickPostDrawer, useQuickPost } from '../../features/post/quick-post/quick-post-context';
import { CloseIcon } from '../../components/icons/icons';
import { WantToTryButton } from '../../features/want-to-try/WantToTryButton';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure } from '../../lib/trpc-errors';
import type { PlaceSummary } from './place-pins';

interface PlacePopupProps {
  /** What the map already knows, shown at once; the full establishment replaces it when it arrives. */
  place: PlaceSummary;
  onClose: () => void;
}

/** The place-choice card of spec §2: the place, then 'view' and 'Post'. */
export function PlacePopup({ place, onClose }: PlacePopupProps) {
  const { openQuickPost } = useQuickPost();
  const utils = trpc.useUtils();
  const loaded = trpc.place.byId.useQuery({ establishment_id: place.establishment_id }, { staleTime: 60_000 });
  const shown = loaded.data?.establishment ?? { ...place, zip: '', country: '' };
  const placePage = `/view/${place.establishment_id}`;
  const now = useMinuteClock();

  /** 'Post' opens the add-review panel on this place (a guest is asked to log in); its place_id comes with the establishment. */
  const post = async () => {
    try {
      const establishment = loaded.data?.establishment ?? (await utils.place.byId.fetch({ establishment_id: place.establishment_id })).establishment;
      openQuickPost(establishment);
    } catch (error) {
      logToServer('error', describeFailure('Place load for Quick Post failed', error));
      openQuickPost();
    }
  };

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
      <button type="button" className="place-popup__close icon-button icon-button--small icon-button--ghost" aria-label="Close" onClick={onClose}>
        <CloseIcon width={16} height={16} />
      </button>
      <h2 className="place-popup__name">{shown.name}</h2>
      <p className="place-popup__address">{formatAddressLine(shown) || 'Address not known yet'}</p>
      <p className="place-popup__rating">
        <PlaceRating rating={shown.rating} reviews={shown.posts} size="small" />
      </p>
      <PlaceStatusLine hours={shown.hours} goodForWorking={place.good_for_working} now={now} className="place-popup__status" />
      <div className="place-popup__actions">
        <Link to={placePage} className="button button--small">
          view
        </Link>
        <button
          type="button"
          className="button button--small button--primary"
          aria-haspopup="dialog"
          onPointerEnter={preloadQuickPostDrawer}
          onClick={() => void post()}
        >
          Post
        </button>
      </div>
      <WantToTryButton establishmentId={place.establishment_id} name={shown.name} size="small" />
    </article>
  );
}
