import { useState } from 'react';
import { LIMITS, shortFileName } from '@siplog/contracts';
import { CameraIcon, CloseIcon } from '../../../components/icons/icons';

export interface PickedPhoto {
  id: number;
  file: File;
  /** An object URL for the preview; the drawer revokes it when the photo is removed or the drawer closes. */
  url: string;
}

interface PhotoPickerProps {
  inputId: string;
  photos: readonly PickedPhoto[];
  onPick: (files: File[]) => void;
  onRemove: (photo: PickedPhoto) => void;
  invalid: boolean;
  describedBy?: string;
  /** While the review uploads nothing can be added. */
  locked: boolean;
}

/** A chosen photo; one this browser cannot draw (HEIC in Chrome, a damaged file) shows a camera instead of a broken image. */
function PhotoPreview({ photo }: { photo: PickedPhoto }) {
  const [unreadable, setUnreadable] = useState(false);
  const label = `Preview of ${photo.file.name}`;
  if (unreadable) {
    return (
      <span className="quick-post-photos__preview quick-post-photos__preview--none" role="img" aria-label={label}>
        <CameraIcon width={28} height={28} />
      </span>
    );
  }
  return <img className="quick-post-photos__preview" src={photo.url} alt={label} onError={() => setUnreadable(true)} />;
}

/** Up to 3 photos (spec §9): previews with their short names (spec §5), each removable, and a tile to add more. */
export function PhotoPicker({ inputId, photos, onPick, onRemove, invalid, describedBy, locked }: PhotoPickerProps) {
  const room = LIMITS.reviewImagesMax - photos.length;
  return (
    <ul className="quick-post-photos" aria-label="Photos">
      {photos.map((photo) => (
        <li key={photo.id} className="quick-post-photos__item">
          <PhotoPreview photo={photo} />
          <span className="quick-post-photos__name" title={photo.file.name}>
            {shortFileName(photo.file.name)}
          </span>
          <button
            type="button"
            className="icon-button icon-button--small icon-button--overlay quick-post-photos__remove"
            aria-label={`Remove ${photo.file.name}`}
            onClick={() => onRemove(photo)}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </li>
      ))}
      {room > 0 && !locked && (
        <li className="quick-post-photos__item quick-post-photos__item--add">
          <label className={`quick-post-photos__add${invalid ? ' is-invalid' : ''}`}>
            <CameraIcon width={26} height={26} />
            <span className="quick-post-photos__add-text">{photos.length ? 'Add more' : 'Add photos'}</span>
            <span className="quick-post-photos__add-count">
              {photos.length} of {LIMITS.reviewImagesMax}
            </span>
            <input
              id={inputId}
              type="file"
              accept="image/*"
              multiple
              className="visually-hidden"
              aria-label={photos.length ? 'Add more photos' : 'Add photos'}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                // Cleared, so picking the same file again (after removing it) still fires a change.
                event.target.value = '';
                if (files.length) onPick(files);
              }}
            />
          </label>
        </li>
      )}
    </ul>
  );
}
