import { useState } from 'react';
import { postImageUrl } from '../../lib/images';

/** The photos of the place's reviews (spec §2 Establishment page), as one scrolling row of thumbnails. */
export function PlaceImages({ images, name }: { images: string[]; name: string }) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const shown = images.filter((image) => !failed.has(image));
  if (shown.length === 0) return null;
  return (
    <section className="place-images" aria-label={`Photos of ${name}`}>
      {/* Focusable, so the strip scrolls with the arrow keys where it overflows (a scrolling region needs keyboard access). */}
      <ul className="place-images__strip" tabIndex={0}>
        {shown.map((image, index) => (
          <li key={image}>
            <img
              src={postImageUrl(image, 'thumb')}
              alt={`${name}, photo ${index + 1} of ${shown.length}`}
              width={220}
              height={165}
              loading={index < 4 ? 'eager' : 'lazy'}
              onError={() => setFailed((current) => new Set(current).add(image))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
