import { useState } from 'react';
import { LIMITS } from '@siplog/contracts';
import { StarIcon } from '../../../components/icons/icons';

const WORDS = ['Not for me', 'Just okay', 'Good', 'Great', 'Loved it'];

const starLabel = (value: number) => `${value} star${value === 1 ? '' : 's'}`;

interface RatingInputProps {
  name: string;
  value: number;
  onChange: (value: number) => void;
}

/**
 * 1 to 5 stars (spec §5, default 5) as native radio buttons: Tab reaches the group, the arrow keys change the
 * rating, and every star says its value to a screen reader.
 */
export function RatingInput({ name, value, onChange }: RatingInputProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;
  const values = Array.from({ length: LIMITS.ratingMax - LIMITS.ratingMin + 1 }, (_, index) => LIMITS.ratingMin + index);
  return (
    <div className="quick-post-rating" onMouseLeave={() => setHovered(null)}>
      <div className="quick-post-rating__stars">
        {values.map((star) => (
          <label key={star} className={`quick-post-rating__star${star <= shown ? ' is-on' : ''}`} onMouseEnter={() => setHovered(star)}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={star}
              checked={value === star}
              aria-label={starLabel(star)}
              onChange={() => onChange(star)}
            />
            <StarIcon filled={star <= shown} width={30} height={30} />
          </label>
        ))}
      </div>
      <span className="quick-post-rating__word" aria-hidden="true">
        {WORDS[shown - 1]}
      </span>
    </div>
  );
}
