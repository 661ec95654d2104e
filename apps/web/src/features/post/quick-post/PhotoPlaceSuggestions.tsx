import { useEffect, useState } from 'react';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure } from '../../../lib/trpc-errors';
import { photoPoint } from './photo-location';
import { postablePlace, type QuickPostPlace } from './quick-post-place';

/**
 * 'Taken near Dark Matter Coffee?': while no place is chosen, the known places within 150 m of where the photos were
 * taken (their EXIF GPS), nearest first, each one tap from being the review's place.
 */
export function PhotoPlaceSuggestions({ files, onChoose }: { files: readonly File[]; onChoose: (place: QuickPostPlace) => void }) {
  // Kept with the photos they were found for: other photos (one removed, one added) show none until looked up again.
  const [found, setFound] = useState<{ files: readonly File[]; places: QuickPostPlace[] } | null>(null);
  const near = trpc.place.near.useMutation();
  const { mutateAsync } = near;

  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        const point = await photoPoint(files);
        if (!point || !current) return;
        const { establishments } = await mutateAsync(point);
        if (current) setFound({ files, places: establishments });
      } catch (error) {
        logToServer('info', describeFailure('Places near a photo failed', error));
      }
    })();
    return () => {
      current = false;
    };
  }, [files, mutateAsync]);

  const suggestions = found?.files === files ? found.places : [];
  if (suggestions.length === 0) return null;
  const [nearest, ...others] = suggestions;
  const choose = (place: QuickPostPlace) => () => onChoose(postablePlace(place));
  return (
    <div className="quick-post__photo-places" role="group" aria-label="Places where your photo was taken">
      <button type="button" className="chip-button quick-post__photo-place--nearest" onClick={choose(nearest)}>
        Taken near {nearest.name}?
      </button>
      {others.map((place) => (
        <button key={place.establishment_id} type="button" className="chip-button" onClick={choose(place)}>
          {place.name}
        </button>
      ))}
    </div>
  );
}
