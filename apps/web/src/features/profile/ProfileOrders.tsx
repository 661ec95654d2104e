import { useState } from 'react';
import { LIMITS } from '@siplog/contracts';
import { trpc } from '../../lib/trpc';
import { LazyFullPostDialog } from '../post/full-post/LazyFullPostDialog';
import { OrdersCarousel } from '../post/OrdersCarousel';
import type { PostSummary } from '../post/types';

/** The two carousels of a person (spec §2): '5 Star Orders' and 'Recent Orders', and the full post they open. */
export function ProfileOrders({ username, isOwn = false }: { username: string; isOwn?: boolean }) {
  const [openPost, setOpenPost] = useState<PostSummary | null>(null);
  const input = { username, limit: LIMITS.ordersCarouselLimit };
  const fiveStar = trpc.post.fiveStarOrders.useQuery(input);
  const recent = trpc.post.recentOrders.useQuery(input);

  return (
    <div className="profile-orders">
      <OrdersCarousel
        title="5 Star Orders"
        orders={fiveStar.data?.orders}
        loading={fiveStar.isLoading}
        failed={fiveStar.isError}
        emptyText={isOwn ? 'No 5 star orders yet. Drinks you rate 5 stars will show up here.' : 'No 5 star orders yet'}
        onOpen={setOpenPost}
      />
      <OrdersCarousel
        title="Recent Orders"
        orders={recent.data?.orders}
        loading={recent.isLoading}
        failed={recent.isError}
        emptyText={isOwn ? 'No orders yet. The drinks you review will show up here.' : 'No orders yet'}
        onOpen={setOpenPost}
      />
      {openPost && <LazyFullPostDialog postId={openPost.post_id} initial={openPost} onClose={() => setOpenPost(null)} />}
    </div>
  );
}
