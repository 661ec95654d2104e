import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LIMITS, type AmenityAnswers, type Drink } from '@siplog/contracts';
import { useModalDialog } from '../../../components/dialog/useModalDialog';
import { CloseIcon } from '../../../components/icons/icons';
import { DrinkPicker } from '../../drink/DrinkPicker';
import { AmenityChips } from '../AmenityChips';
import { LocationPicker } from './LocationPicker';
import { PhotoPicker, type PickedPhoto } from './PhotoPicker';
import { PhotoPlaceSuggestions } from './PhotoPlaceSuggestions';
import { acceptPickedFiles, checkQuickPost, fieldOfServerMessage, type QuickPostField } from './quick-post-form';
import type { QuickPostPlace } from './quick-post-place';
import { RatingInput } from './RatingInput';
import { useQuickPostUpload } from './useQuickPostUpload';
import './quick-post.css';

export interface QuickPostDrawerProps {
  /** The place chosen already (opened from a place page or a map card), else null. */
  initialPlace: QuickPostPlace | null;
  email: string;
  onClose: () => void;
  onPosted: (establishmentId: number) => void;
}

interface FieldError {
  field: QuickPostField;
  message: string;
}

function UploadProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="quick-post__progress">
      <div className="quick-post__progress-text">
        <span>{percent < 100 ? 'Uploading photos…' : 'Saving your review…'}</span>
        <span className="quick-post__progress-percent">{percent}%</span>
      </div>
      <div
        className="quick-post__progress-bar"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * The Quick Post / add-review drawer (spec §2, §4, §5): location, up to 3 photos, order, review and stars, checked
 * in the spec's order before anything is sent. It mounts fresh on every open and closes on success, so its fields
 * start empty each time; while the upload runs the form is locked and a second submit does nothing.
 */
export function QuickPostDrawer({ initialPlace, email, onClose, onPosted }: QuickPostDrawerProps) {
  const id = useId();
  const [location, setLocation] = useState<QuickPostPlace | null>(initialPlace);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [order, setOrder] = useState('');
  const [drink, setDrink] = useState<Drink | null>(null);
  const [review, setReview] = useState('');
  const [rating, setRating] = useState<number>(LIMITS.ratingDefault);
  const [amenities, setAmenities] = useState<AmenityAnswers>({});
  const [error, setError] = useState<FieldError | null>(null);
  const { progress, post } = useQuickPostUpload();
  const uploading = progress !== null;
  const modal = useModalDialog(() => {
    if (!uploading) onClose();
  });
  const titleRef = useRef<HTMLHeadingElement>(null);
  const photoFiles = useMemo(() => photos.map((photo) => photo.file), [photos]);
  const nextPhotoId = useRef(0);
  const previewUrls = useRef(new Set<string>());

  // After showModal (the effect above): start at the search when no place is chosen, else at the title.
  useEffect(() => {
    if (initialPlace) titleRef.current?.focus();
    else document.getElementById(`${id}-location`)?.focus();
  }, [id, initialPlace]);

  useEffect(() => {
    const urls = previewUrls.current;
    return () => {
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
    };
  }, []);

  const fieldId = (field: QuickPostField) => `${id}-${field}`;
  const errorId = `${id}-error`;
  const showError = (next: FieldError) => {
    setError(next);
    document.getElementById(fieldId(next.field))?.focus();
  };
  const clearErrorOf = (field: QuickPostField) => setError((current) => (current?.field === field ? null : current));

  const addPhotos = (files: File[]) => {
    const { accepted, problem } = acceptPickedFiles(photos.length, files);
    const added = accepted.map((file) => {
      const url = URL.createObjectURL(file);
      previewUrls.current.add(url);
      nextPhotoId.current += 1;
      return { id: nextPhotoId.current, file, url };
    });
    setPhotos((current) => [...current, ...added]);
    if (problem) setError({ field: 'images', message: problem });
    else clearErrorOf('images');
  };

  const removePhoto = (photo: PickedPhoto) => {
    URL.revokeObjectURL(photo.url);
    previewUrls.current.delete(photo.url);
    setPhotos((current) => current.filter((candidate) => candidate.id !== photo.id));
    clearErrorOf('images');
    // The add tile is there again once a photo goes: focus moves to it rather than to the page.
    requestAnimationFrame(() => document.getElementById(fieldId('images'))?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const files = photos.map((photo) => photo.file);
    const check = checkQuickPost({ email, location, order, review, rating, drink, amenities, files });
    if (!check.ok) {
      showError({ field: check.field, message: check.message });
      return;
    }
    setError(null);
    const outcome = await post(check.data, files);
    if (outcome.ok) onPosted(outcome.establishmentId);
    else if ('detail' in outcome && outcome.detail) {
      const field = fieldOfServerMessage(outcome.detail);
      if (field) setError({ field, message: outcome.detail });
    }
  };

  const dirty = location !== initialPlace || photos.length > 0 || order.trim() !== '' || review.trim() !== '' || drink !== null || Object.keys(amenities).length > 0;
  const invalid = (field: QuickPostField) => error?.field === field;
  const describedBy = (field: QuickPostField) => (invalid(field) ? errorId : undefined);
  const errorFor = (field: QuickPostField): ReactNode =>
    invalid(field) ? (
      <p id={errorId} className="quick-post__error" role="alert">
        {error?.message}
      </p>
    ) : null;

  return (
    <dialog
      {...modal}
      className="quick-post"
      aria-labelledby={`${id}-title`}
      aria-busy={uploading}
      // Escape is the drawer's: screens below that listen on the document (the map card) keep their state.
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation();
      }}
      onClick={(event) => {
        // A click on the backdrop closes an untouched drawer; typed words and chosen photos are not thrown away by a stray click.
        if (event.target === event.currentTarget && !uploading && !dirty) onClose();
      }}
    >
      <form className="quick-post__form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
        <header className="quick-post__header">
          <div className="quick-post__heading">
            <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="quick-post__title">
              Quick Post
            </h2>
            <p className="quick-post__subtitle">Share what you ordered, with photos and stars.</p>
          </div>
          <button type="button" className="icon-button icon-button--ghost quick-post__close" aria-label="Close" onClick={onClose} disabled={uploading}>
            <CloseIcon />
          </button>
        </header>

        <div className="quick-post__body">
          <fieldset className="quick-post__fields" disabled={uploading}>
            <div className="quick-post__field quick-post__field--location">
              {location ? (
                <span id={`${id}-location-label`} className="quick-post__label">
                  Location
                </span>
              ) : (
                <label id={`${id}-location-label`} htmlFor={fieldId('location')} className="quick-post__label">
                  Location
                </label>
              )}
              <LocationPicker
                inputId={fieldId('location')}
                labelId={`${id}-location-label`}
                place={location}
                onChange={(place) => {
                  setLocation(place);
                  clearErrorOf('location');
                }}
                onProblem={(message) => setError({ field: 'location', message })}
                invalid={invalid('location')}
                describedBy={describedBy('location')}
                message={errorFor('location')}
              />
            </div>

            <div className="quick-post__field">
              <span className="quick-post__label">
                Photos <span className="quick-post__label-hint">up to {LIMITS.reviewImagesMax}</span>
              </span>
              <PhotoPicker
                inputId={fieldId('images')}
                photos={photos}
                onPick={addPhotos}
                onRemove={removePhoto}
                invalid={invalid('images')}
                describedBy={describedBy('images')}
                locked={uploading}
              />
              {errorFor('images')}
              {/* Under the photos it comes from, where the location search's list cannot cover it. */}
              {!location && (
                <PhotoPlaceSuggestions
                  files={photoFiles}
                  onChoose={(place) => {
                    setLocation(place);
                    clearErrorOf('location');
                  }}
                />
              )}
            </div>

            <div className="quick-post__field">
              <label htmlFor={fieldId('order')} className="quick-post__label">
                Order
              </label>
              <input
                id={fieldId('order')}
                type="text"
                autoComplete="off"
                placeholder="What did you order?"
                maxLength={LIMITS.orderTextMax}
                value={order}
                aria-invalid={invalid('order')}
                aria-describedby={describedBy('order')}
                onChange={(event) => {
                  setOrder(event.target.value);
                  clearErrorOf('order');
                }}
              />
              {errorFor('order')}
            </div>

            <div className="quick-post__field">
              <DrinkPicker idPrefix={id} value={drink} onChange={setDrink} />
            </div>

            <div className="quick-post__field">
              <label htmlFor={fieldId('review')} className="quick-post__label">
                Review
              </label>
              <textarea
                id={fieldId('review')}
                rows={4}
                placeholder="How was it? Taste, vibe, would you get it again?"
                maxLength={LIMITS.reviewTextMax}
                value={review}
                aria-invalid={invalid('review')}
                aria-describedby={describedBy('review')}
                onChange={(event) => {
                  setReview(event.target.value);
                  clearErrorOf('review');
                }}
              />
              {errorFor('review')}
            </div>

            <fieldset className="quick-post__field quick-post__rating-field">
              <legend className="quick-post__label">Rating</legend>
              <RatingInput name={`${id}-rating`} value={rating} onChange={setRating} />
            </fieldset>

            <div className="quick-post__field">
              <AmenityChips value={amenities} onChange={setAmenities} />
            </div>
          </fieldset>
        </div>

        <footer className="quick-post__footer">
          {progress !== null && <UploadProgress progress={progress} />}
          <div className="quick-post__actions">
            <button type="button" className="button" onClick={onClose} disabled={uploading}>
              Cancel
            </button>
            <button type="submit" className="button button--primary quick-post__submit" aria-disabled={uploading}>
              {uploading && <span className="spinner quick-post__spinner" aria-hidden="true" />}
              {uploading ? 'Posting…' : 'Post review'}
            </button>
          </div>
        </footer>
      </form>
    </dialog>
  );
}
