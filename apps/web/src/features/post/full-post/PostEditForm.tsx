import { useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS, updatePostSchema, type AmenityAnswers, type Drink } from '@siplog/contracts';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, specificServerMessage } from '../../../lib/trpc-errors';
import { StarIcon } from '../../../components/icons/icons';
import { DrinkPicker } from '../../drink/DrinkPicker';
import { AmenityChips } from '../AmenityChips';
import type { PostView } from '../types';
import { usePostCache } from './usePostCache';

const editSchema = updatePostSchema.pick({ order: true, review: true, rating: true, drink: true, amenities: true });
type Field = 'order' | 'review';

/** Stars 1-5 as radio buttons: arrow keys move between them, as in any radio group. */
function RatingPicker({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const name = useId();
  return (
    <fieldset className="rating-picker">
      <legend>Rating</legend>
      <div className="rating-picker__stars">
        {Array.from({ length: LIMITS.ratingMax }, (_, index) => {
          const rating = index + 1;
          return (
            <label key={rating} className={rating <= value ? 'is-on' : undefined}>
              <input
                type="radio"
                name={name}
                value={rating}
                checked={rating === value}
                onChange={() => onChange(rating)}
                className="visually-hidden"
              />
              <StarIcon filled={rating <= value} width={28} height={28} />
              <span className="visually-hidden">{rating === 1 ? '1 star' : `${rating} stars`}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The author changes the order, the review, the stars, the drink and the amenity answers in place (photos and place stay). Empty fields get the
 * spec's messages from the contracts schema; Save sends once and shows the server's answer.
 */
export function PostEditForm({ post, onDone }: { post: PostView; onDone: (message: string | null) => void }) {
  const cache = usePostCache(post.post_id);
  const update = trpc.post.update.useMutation();
  const [order, setOrder] = useState(post.order);
  const [review, setReview] = useState(post.review);
  const [rating, setRating] = useState(Number(post.rating) || LIMITS.ratingDefault);
  const [drink, setDrink] = useState<Drink | null>(post.drink);
  const [amenities, setAmenities] = useState<AmenityAnswers>(post.amenities);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const sending = useRef(false);
  const ids = { order: useId(), review: useId(), orderError: useId(), reviewError: useId() };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    // The drink and the amenity answers are always sent: null removes details the author cleared, and the answers
    // given replace the review's ({} clears them).
    const parsed = editSchema.safeParse({ order, review, rating, drink, amenities });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    sending.current = true;
    setErrors({});
    try {
      const answer = await update.mutateAsync({ postid: post.post_id, ...parsed.data });
      cache.afterEdit(answer.post);
      onDone(answer.msg);
    } catch (error) {
      logToServer('error', describeFailure(`Edit of post ${post.post_id}`, error));
      setErrors({ form: specificServerMessage(error) ?? 'Your changes were not saved. Please try again.' });
    } finally {
      sending.current = false;
    }
  };

  const fieldError = (field: Field) =>
    errors[field] && (
      <p id={ids[`${field}Error`]} className="full-post__error" role="alert">
        {errors[field]}
      </p>
    );

  return (
    <form className="full-post__edit" onSubmit={(event) => void save(event)} noValidate aria-label="Edit your review">
      <label htmlFor={ids.order}>Order</label>
      <input
        id={ids.order}
        value={order}
        maxLength={LIMITS.orderTextMax}
        aria-invalid={errors.order ? true : undefined}
        aria-describedby={errors.order ? ids.orderError : undefined}
        onChange={(event) => setOrder(event.target.value)}
      />
      {fieldError('order')}
      <DrinkPicker value={drink} onChange={setDrink} />
      <label htmlFor={ids.review}>Review</label>
      <textarea
        id={ids.review}
        value={review}
        rows={4}
        maxLength={LIMITS.reviewTextMax}
        aria-invalid={errors.review ? true : undefined}
        aria-describedby={errors.review ? ids.reviewError : undefined}
        onChange={(event) => setReview(event.target.value)}
      />
      {fieldError('review')}
      <RatingPicker value={rating} onChange={setRating} />
      <AmenityChips value={amenities} onChange={setAmenities} />
      {errors.form && (
        <p className="full-post__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="full-post__edit-actions">
        <button type="button" className="button button--small" onClick={() => onDone(null)} disabled={update.isPending}>
          Cancel
        </button>
        <button type="submit" className="button button--primary button--small" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
