import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { LIMITS } from '@siplog/contracts';
import { ChevronIcon } from '../icons/icons';
import './photo-carousel.css';

interface PhotoCarouselProps {
  /** Image URLs, shown in order. */
  sources: string[];
  /** What the photos show: the group is 'Photos of {label}', each image '{label}, photo 2 of 3'. */
  label: string;
  /** Shown in the carousel's frame when there is no photo. */
  placeholder?: ReactNode;
  className?: string;
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Photos one slide at a time (spec §9: one slide, arrows and dots, 300 ms). The strip is a native scroll-snap
 * scroller, so a phone swipes it with the finger; the arrows and dots glide it there in LIMITS.carouselSpeedMs
 * (a smooth scrollTo takes whatever time the browser picks).
 */
export function PhotoCarousel({ sources, label, placeholder, className }: PhotoCarouselProps) {
  const stripRef = useRef<HTMLDivElement>(null);
  // The running glide, if any: while it runs, the scroll events it causes do not move the dots.
  const glide = useRef<number | null>(null);
  const [index, setIndex] = useState(0);
  useEffect(() => () => {
    if (glide.current !== null) cancelAnimationFrame(glide.current);
  }, []);

  const classes = ['photo-carousel', className].filter(Boolean).join(' ');
  if (sources.length === 0) {
    return <div className={`${classes} photo-carousel--empty`}>{placeholder}</div>;
  }

  const last = sources.length - 1;
  const go = (next: number) => {
    const strip = stripRef.current;
    const target = Math.max(0, Math.min(last, next));
    setIndex(target);
    if (!strip) return;
    if (glide.current !== null) cancelAnimationFrame(glide.current);
    const from = strip.scrollLeft;
    const to = target * strip.clientWidth;
    if (reducedMotion()) {
      strip.scrollLeft = to;
      return;
    }
    // Snapping would pull every step of the glide back to a slide; it is switched off until the glide ends.
    strip.style.scrollSnapType = 'none';
    const start = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / LIMITS.carouselSpeedMs);
      strip.scrollLeft = from + (to - from) * easeInOut(progress);
      if (progress < 1) {
        glide.current = requestAnimationFrame(step);
      } else {
        glide.current = null;
        strip.style.scrollSnapType = '';
      }
    };
    glide.current = requestAnimationFrame(step);
  };

  const many = sources.length > 1;
  const slides = { '--photo-carousel-slides': LIMITS.postCarouselSlidesToShow } as CSSProperties;
  return (
    <div className={classes} role="group" aria-roledescription="carousel" aria-label={`Photos of ${label}`} style={slides}>
      <div
        ref={stripRef}
        className="photo-carousel__strip"
        // Focusable, so the photos scroll with the arrow keys too (a scrolling region needs keyboard access).
        tabIndex={0}
        onScroll={(event) => {
          if (glide.current !== null) return;
          const strip = event.currentTarget;
          setIndex(Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth)));
        }}
      >
        {sources.map((source, position) => (
          <img
            key={source}
            src={source}
            alt={many ? `${label}, photo ${position + 1} of ${sources.length}` : label}
            loading={position === 0 ? 'eager' : 'lazy'}
          />
        ))}
      </div>
      {many && (
        <>
          <button
            type="button"
            className="icon-button icon-button--small icon-button--overlay photo-carousel__arrow photo-carousel__arrow--left"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label="Previous photo"
          >
            <ChevronIcon direction="left" width={18} height={18} />
          </button>
          <button
            type="button"
            className="icon-button icon-button--small icon-button--overlay photo-carousel__arrow photo-carousel__arrow--right"
            onClick={() => go(index + 1)}
            disabled={index === last}
            aria-label="Next photo"
          >
            <ChevronIcon direction="right" width={18} height={18} />
          </button>
          <div className="photo-carousel__dots">
            {sources.map((source, position) => (
              <button
                key={source}
                type="button"
                className={position === index ? 'is-active' : undefined}
                aria-label={`Show photo ${position + 1}`}
                aria-current={position === index}
                onClick={() => go(position)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
