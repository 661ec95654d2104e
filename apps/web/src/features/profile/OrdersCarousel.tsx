import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '@siplog/contracts';
import { postImageUrl } from './images';
import { ChevronIcon, CupIcon } from './icons';
import { StarRating } from './StarRating';
import type { PostSummary } from './types';
import { DrinkChips } from '../drink/DrinkChips';

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

/**
 * A horizontal row of post cards with left and right arrows that scroll by 300 px (spec §9). The arrows
 * dim at either end; touch and trackpad scrolling work as usual.
 */
export function OrdersCarousel({ title, orders, loading, failed, emptyText, onOpen, subtitleOf, headerExtra }: OrdersCarouselProps) {
  const headingId = useId();
  const trackRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const start = track.scrollLeft <= 1;
    const end = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);

  const count = orders?.length ?? 0;
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    return () => observer.disconnect();
  }, [measure, count]);

  const scroll = (direction: -1 | 1) => {
    trackRef.current?.scrollBy({ left: direction * LIMITS.carouselScrollPx, behavior: 'smooth' });
  };

  const hasOrders = count > 0;
  return (
    <section className="orders-carousel" aria-labelledby={headingId}>
      <header className="orders-carousel__header">
        <h2 id={headingId} className="orders-carousel__title">
          {title}
          {hasOrders && <span className="orders-carousel__count">{count}</span>}
        </h2>
        {(hasOrders || headerExtra) && (
          <div className="orders-carousel__arrows">
            {headerExtra}
            {hasOrders && (
              <>
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => scroll(-1)}
                  disabled={edges.start}
                  aria-label={`Scroll ${title} left`}
                >
                  <ChevronIcon direction="left" />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => scroll(1)}
                  disabled={edges.end}
                  aria-label={`Scroll ${title} right`}
                >
                  <ChevronIcon direction="right" />
                </button>
              </>
            )}
          </div>
        )}
      </header>
      {loading ? (
        <ul className="orders-carousel__track" aria-hidden="true">
          {[0, 1, 2, 3].map((key) => (
            <li key={key} className="post-card post-card--skeleton" />
          ))}
        </ul>
      ) : hasOrders ? (
        <ul ref={trackRef} className="orders-carousel__track" onScroll={measure} aria-label={title}>
          {orders!.map((post, index) => (
            <PostCard
              key={post.post_id}
              post={post}
              onOpen={onOpen}
              subtitle={subtitleOf ? subtitleOf(post) : post.establishment_name}
              first={index < 3}
            />
          ))}
        </ul>
      ) : (
        <div className="orders-carousel__empty">
          <CupIcon width={28} height={28} />
          <p>{failed ? 'These orders could not be loaded right now.' : emptyText}</p>
        </div>
      )}
    </section>
  );
}
