import { useId } from 'react';
import type { AmenitySummary, AmenityVerdict } from '@siplog/contracts';
import './place-panel.css';
import './place-amenities.css';

/** Said to screen readers after each line: the mark beside it is only a picture. */
const VERDICT_WORDS: Record<AmenityVerdict, string> = {
  yes: 'Mostly yes.',
  no: 'Mostly no.',
  unsure: 'Opinions differ.',
};

/** A check, a cross or a dash: the verdict at a glance, recent answers weighing more than the counts beside it. */
function VerdictMark({ verdict }: { verdict: AmenityVerdict }) {
  const path = verdict === 'yes' ? 'M5 12.5l4.5 4.5L19 7.5' : verdict === 'no' ? 'M7 7l10 10M17 7L7 17' : 'M7 12h10';
  return (
    <span className={`place-amenities__mark is-${verdict}`} aria-hidden="true">
      <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" focusable={false}>
        <path d={path} />
      </svg>
    </span>
  );
}

/**
 * What reviewers say of a place's amenities (issue 31): 'Wi-Fi · 12 of 14 say yes' for each amenity somebody
 * answered, in the server's order. Nothing at all when nobody answered any.
 */
export function PlaceAmenities({ amenities }: { amenities: AmenitySummary[] }) {
  const headingId = useId();
  if (amenities.length === 0) return null;
  return (
    <section className="place-panel place-amenities" aria-labelledby={headingId}>
      <h2 id={headingId} className="place-panel__title">
        Amenities
      </h2>
      <ul className="place-amenities__list">
        {amenities.map((summary) => (
          <li key={summary.amenity} className={`place-amenities__item is-${summary.verdict}`} data-amenity={summary.amenity}>
            <VerdictMark verdict={summary.verdict} />
            <span className="place-amenities__text">
              <span className="place-amenities__line">
                {summary.label} · {summary.yes} of {summary.total} say yes
              </span>
              <span className="visually-hidden"> {VERDICT_WORDS[summary.verdict]}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
