import { useState } from 'react';
import { LIMITS } from '@siplog/contracts';
import { ChevronIcon, CupIcon } from '../profile/icons';
import { postImageUrl } from '../profile/images';

/**
 * One image at a time with arrows and dots (spec §9: one slide, 300 ms). A few lines of CSS transform instead of a
 * carousel library: the card shows a handful of photos, and a library would cost more bytes than this whole screen.
 */
export function ImageCarousel({ images, label }: { images: string[]; label: string }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div className="image-carousel image-carousel--empty">
        <CupIcon width={48} height={48} />
      </div>
    );
  }
  const last = images.length - 1;
  const go = (next: number) => setIndex(Math.max(0, Math.min(last, next)));
  return (
    <div className="image-carousel" role="group" aria-roledescription="carousel" aria-label={`Photos of ${label}`}>
      <div
        className="image-carousel__track"
        style={{ transform: `translateX(-${index * 100}%)`, transitionDuration: `${LIMITS.carouselSpeedMs}ms` }}
        aria-live="polite"
      >
        {images.map((image, position) => (
          <img
            key={image}
            src={postImageUrl(image)}
            alt={`${label}, photo ${position + 1} of ${images.length}`}
            aria-hidden={position !== index}
            loading={position === 0 ? 'eager' : 'lazy'}
          />
        ))}
      </div>
      {images.length > 1 && (
        <>
          <button
            type="button"
            className="icon-button image-carousel__arrow image-carousel__arrow--left"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label="Previous photo"
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            className="icon-button image-carousel__arrow image-carousel__arrow--right"
            onClick={() => go(index + 1)}
            disabled={index === last}
            aria-label="Next photo"
          >
            <ChevronIcon direction="right" />
          </button>
          <div className="image-carousel__dots">
            {images.map((image, position) => (
              <button
                key={image}
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
