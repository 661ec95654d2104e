import { useId, useState } from 'react';
import { AMENITIES, AMENITY_LABELS, type Amenity, type AmenityAnswers } from '@siplog/contracts';
import { ChevronIcon } from '../../components/icons/icons';
import './amenity-chips.css';

/** The disclosure's line while closed: what it holds, so nobody has to open it to find out. */
const SUMMARY_HINT = 'Wi-Fi, outlets, seating…';

/** The answer becomes `value`, or is cleared when it was `value` already (every answer stays optional). */
function toggled(answers: AmenityAnswers, amenity: Amenity, value: boolean): AmenityAnswers {
  const next = { ...answers };
  if (next[amenity] === value) delete next[amenity];
  else next[amenity] = value;
  return next;
}

function answeredLabel(count: number): string {
  return count === 1 ? '1 answered' : `${count} answered`;
}

function AmenityRow({ amenity, answer, onAnswer }: { amenity: Amenity; answer: boolean | undefined; onAnswer: (value: boolean) => void }) {
  const labelId = useId();
  return (
    <li className="amenity-chips__row">
      <span id={labelId} className="amenity-chips__label">
        {AMENITY_LABELS[amenity]}?
      </span>
      <span className="amenity-chips__choices" role="group" aria-labelledby={labelId}>
        <button type="button" className="chip-button amenity-chips__chip" aria-pressed={answer === true} onClick={() => onAnswer(true)}>
          Yes
        </button>
        <button type="button" className="chip-button amenity-chips__chip" aria-pressed={answer === false} onClick={() => onAnswer(false)}>
          No
        </button>
      </span>
    </li>
  );
}

/**
 * Optional yes/no answers about the place's amenities (issue 31), for Quick Post and the review editor: one row per
 * amenity with 'Yes' and 'No' toggle chips (the chosen one pressed again clears it). Behind a disclosure so the
 * form stays short on a phone; it starts open when there are answers already.
 */
export function AmenityChips({ value, onChange }: { value: AmenityAnswers; onChange: (answers: AmenityAnswers) => void }) {
  const answered = Object.keys(value).length;
  // Decided once: a prop that followed the answers would shut the disclosure under the hand clearing the last one.
  const [startsOpen] = useState(answered > 0);
  return (
    <details className="amenity-chips" open={startsOpen || undefined}>
      <summary className="amenity-chips__summary">
        <span className="amenity-chips__title">Add details</span>
        <span className="amenity-chips__hint">{answered > 0 ? answeredLabel(answered) : SUMMARY_HINT}</span>
        <ChevronIcon direction="down" className="amenity-chips__chevron" width={18} height={18} />
      </summary>
      <ul className="amenity-chips__list">
        {AMENITIES.map((amenity) => (
          <AmenityRow key={amenity} amenity={amenity} answer={value[amenity]} onAnswer={(answer) => onChange(toggled(value, amenity, answer))} />
        ))}
      </ul>
    </details>
  );
}
