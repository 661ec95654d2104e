import type { ReactNode } from 'react';
import { CardCarousel } from '../../components/carousel/CardCarousel';
import { CupIcon } from '../../components/icons/icons';
import { StarRating } from '../../components/rating/StarRating';
import { postImageUrl } from '../../lib/images';
import { DrinkChips } from '../drink/DrinkChips';
import type { PostSummary } from './types';

interface OrdersCarouselProps {
  title: string;
  orders: PostSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  emptyText: string;
  onOpen: (post: PostSummary) => void;
  /** The card's second line; the place's name unless given (a place page shows the author instead). */
  subtitleOf?: (post: PostSummary) => string;
  /** Extra controls on the title row, before the arrows (a place's 'Post' button). */
  headerExtra?: ReactNode;
}

/** A 200x250 px card: first photo, order, place and stars; the whole card opens the post. */
function PostCard({ post, onOpen, subtitle, first }: { post: PostSummary; onOpen: (post: PostSummary) => void; subtitle: string; first: boolean }) {
  const image = post.images[0];
  return (
    <li className="post-card">
      <button type="button" className="post-card__button" onClick={() => onOpen(post)} aria-label={`${post.order} at ${post.establishment_name}`}>
        <span className="post-card__image">
          {image ? (
            // The first cards are in view on arrival (often the page's largest image): fetched at once, not lazily.
            <img src={postImageUrl(image, 'thumb')} alt="" loading={first ? 'eager' : 'lazy'} width={200} height={140} />
          ) : (
            <CupIcon width={40} height={40} />
          )}
        </span>
        <span className="post-card__text">
          <span className="post-card__order">{post.order}</span>
          <DrinkChips drink={post.drink} className="post-card__drink" />
          <span className="post-card__place">{subtitle}</span>
          <StarRating rating={post.rating} size={14} />
        </span>
      </button>
    </li>
  );
}

/** A person's or a place's reviews as a row of post cards. */
export function OrdersCarousel({ title, orders, loading, failed, emptyText, onOpen, subtitleOf, headerExtra }: OrdersCarouselProps) {
  return (
    <CardCarousel
      title={title}
      items={orders}
      loading={loading}
      failed={failed}
      emptyText={emptyText}
      failedText="These orders could not be loaded right now."
      keyOf={(post) => post.post_id}
      renderItem={(post, first) => (
        <PostCard post={post} onOpen={onOpen} subtitle={subtitleOf ? subtitleOf(post) : post.establishment_name} first={first} />
      )}
      headerExtra={headerExtra}
    />
  );
}
