import { useEffect, useState } from 'react';
import { PLACE_MESSAGES } from '@siplog/contracts';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { LazyFullPostDialog } from '../post/full-post/LazyFullPostDialog';
import { CupIcon, PlaceIcon } from '../../components/icons/icons';
import { OrdersCarousel } from '../post/OrdersCarousel';
import type { PostSummary } from '../post/types';
import { directionsUrl } from './place-format';
import { useChosenBestOrder } from './BestOrders';
import { PostReviewButton } from './PostReviewButton';
import type { Establishment } from './types';

/** 'No Reviews Yet...' with directions and an invitation to write the first review (spec §2 Establishment page). */
function NoReviews({ place }: { place: Establishment }) {
  return (
    <section className="place-empty" aria-labelledby="place-empty-title">
      <span className="place-empty__icon">
        <CupIcon width={36} height={36} />
      </span>
      <h2 id="place-empty-title">{PLACE_MESSAGES.noReviews}</h2>
      <p>Be the first to tell everyone what to order at {place.name}.</p>
      <div className="place-empty__actions">
        <a className="button" href={directionsUrl(place.lat, place.lng)} target="_blank" rel="noopener noreferrer">
          <PlaceIcon width={18} height={18} />
          {PLACE_MESSAGES.visitLocation}
        </a>
        <PostReviewButton label={PLACE_MESSAGES.postYourReview} place={place} />
      </div>
    </section>
  );
}

/** 'Recent Reviews': the place's posts, newest first, as post cards that open the post (spec §2 Establishment page). */
export function PlaceReviews({ place, chosenBest = null }: { place: Establishment; chosenBest?: number | null }) {
  const [openPost, setOpenPost] = useState<PostSummary | null>(null);
  const reviews = trpc.post.byEstablishment.useQuery({ establishment_id: place.establishment_id }, { retry: false });
  const bestOrder = useChosenBestOrder(place.establishment_id, chosenBest);
  useEffect(() => {
    // Spec §8: a failed posts load is logged; the page shows its empty state.
    if (reviews.error) logToServer('error', `Reviews of place ${place.establishment_id} failed: ${reviews.error.message}`);
  }, [reviews.error, place.establishment_id]);

  const allPosts = reviews.data?.posts;
  if (!reviews.isLoading && (allPosts?.length ?? 0) === 0) return <NoReviews place={place} />;
  // A best order chosen above narrows the list to its reviews.
  const posts = bestOrder ? allPosts?.filter((post) => bestOrder.postIds.has(post.post_id)) : allPosts;

  return (
    <div className="place-reviews">
      <OrdersCarousel
        title={bestOrder ? `Reviews: ${bestOrder.label}` : 'Recent Reviews'}
        orders={posts}
        loading={reviews.isLoading}
        failed={reviews.isError}
        emptyText={PLACE_MESSAGES.noReviews}
        onOpen={setOpenPost}
        subtitleOf={(post) => `@${post.username}`}
        headerExtra={<PostReviewButton label="Post" place={place} className="button button--primary button--small" />}
      />
      {openPost && <LazyFullPostDialog postId={openPost.post_id} initial={openPost} onClose={() => setOpenPost(null)} />}
    </div>
  );
}
