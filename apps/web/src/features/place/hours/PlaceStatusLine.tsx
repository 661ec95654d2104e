import { hoursStatus, type HoursState, type PinHours } from '@siplog/contracts';
import '../place-pill.css';
import './hours-status.css';

interface PlaceStatusLineProps {
  /** The pin's hours; null when the place has none. */
  hours: PinHours | null;
  goodForWorking: boolean;
  /** The time to judge by (one minute clock for a whole list, not one per line). */
  now: number;
  className?: string;
}

/**
 * The map card's and the side list's short line: 'Open · closes 6 PM' with a coloured dot, and a 'Good for working'
 * mark. Nothing when the hours are unknown and the place isn't marked.
 */
export function PlaceStatusLine({ hours, goodForWorking, now, className = '' }: PlaceStatusLineProps) {
  const status = hours ? hoursStatus(hours, now) : null;
  const showStatus = status !== null && status.state !== 'unknown' && status.text !== '';
  if (!showStatus && !goodForWorking) return null;
  return (
    <span className={`place-status ${className}`.trim()}>
      {showStatus && <HoursStatusText state={status.state} text={status.text} />}
      {goodForWorking && <span className="place-pill">Good for working</span>}
    </span>
  );
}

/** A status text after a dot coloured by state: green open, amber closing soon, grey closed. */
export function HoursStatusText({ state, text }: { state: HoursState; text: string }) {
  return (
    <span className={`hours-status is-${state}`} data-hours-state={state}>
      <span className="hours-status__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
