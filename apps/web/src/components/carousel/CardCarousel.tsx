import { Fragment, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '@siplog/contracts';
import { ChevronIcon, CupIcon } from '../icons/icons';
import '../skeleton/skeleton.css';
import './card-carousel.css';

export interface CardCarouselProps<T> {
  title: string;
  items: readonly T[] | undefined;
  loading: boolean;
  failed: boolean;
  emptyText: string;
  /** What the empty state says when loading failed. */
  failedText: string;
  keyOf: (item: T) => string | number;
  /** One card (an <li>); `first` is true for the cards in view on arrival. */
  renderItem: (item: T, first: boolean) => ReactNode;
  /** Extra controls on the title row, before the arrows (a place's 'Post' button). */
  headerExtra?: ReactNode;
}

/**
 * A horizontal row of 200x250 px cards with left and right arrows that scroll by 300 px (spec §9). The arrows
 * dim at either end; touch and trackpad scrolling work as usual.
 */
export function CardCarousel<T>({ title, items, loading, failed, emptyText, failedText, keyOf, renderItem, headerExtra }: CardCarouselProps<T>) {
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

  const count = items?.length ?? 0;
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

  const hasItems = count > 0;
  return (
    <section className="orders-carousel" aria-labelledby={headingId}>
      <header className="orders-carousel__header">
        <h2 id={headingId} className="orders-carousel__title">
          {title}
          {hasItems && <span className="orders-carousel__count">{count}</span>}
        </h2>
        {(hasItems || headerExtra) && (
          <div className="orders-carousel__arrows">
            {headerExtra}
            {hasItems && (
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
      ) : hasItems ? (
        <ul ref={trackRef} className="orders-carousel__track" onScroll={measure} aria-label={title}>
          {items!.map((item, index) => (
            <Fragment key={keyOf(item)}>{renderItem(item, index < 3)}</Fragment>
          ))}
        </ul>
      ) : (
        <div className="orders-carousel__empty">
          <CupIcon width={28} height={28} />
          <p>{failed ? failedText : emptyText}</p>
        </div>
      )}
    </section>
  );
}
