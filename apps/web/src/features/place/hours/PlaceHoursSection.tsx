import { hoursStatus, hoursWeek, type PlaceHours } from '@siplog/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { relativeTime } from '../../notifications/relative-time';
import { useSession } from '../../session/useSession';
import type { Establishment } from '../types';
import { LazyHoursEditorDialog, LazyHoursHistoryDialog, preloadHoursEditor } from './LazyHoursDialogs';
import { HoursStatusText } from './PlaceStatusLine';
import { useMinuteClock } from './useMinuteClock';
import '../place-panel.css';
import './place-hours.css';

/** The visitor's own time zone: the hours are the place's local time, which is worth saying when the two differ. */
const VISITOR_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'America/Los_Angeles' → 'Los Angeles': the zone as people name it. */
function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/** The status line, this week's days with today marked, and who changed the hours last. */
function HoursShown({ hours, now }: { hours: PlaceHours; now: number }) {
  const status = hoursStatus(hours, now);
  const week = hoursWeek(hours, now);
  return (
    <>
      <p className="place-hours__status">
        {status.state === 'unknown' ? 'Not known right now' : <HoursStatusText state={status.state} text={status.text} />}
      </p>
      <table className="place-hours__week">
        <caption className="visually-hidden">Opening hours this week</caption>
        <tbody>
          {week.map((day) => (
            <tr key={day.date} className={day.today ? 'is-today' : undefined} aria-current={day.today ? 'date' : undefined}>
              <th scope="row">
                {day.weekday}
                {day.today && <span className="place-hours__today">Today</span>}
              </th>
              <td>{day.text || 'Not known yet'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="place-hours__meta">
        {/* No name once the person who set them has deleted their account (their changes go with it). */}
        {hours.changed_by ? (
          <>
            Updated by <Link to={`/user/${encodeURIComponent(hours.changed_by)}`}>@{hours.changed_by}</Link> · {relativeTime(hours.changed_at, now)}
          </>
        ) : (
          'Set by a former member'
        )}
        {hours.time_zone !== VISITOR_TIME_ZONE && <> · Local time in {zoneCity(hours.time_zone)}</>}
      </p>
    </>
  );
}

/**
 * Opening hours on the place page (issue 31): open now or not, the week, who set them; 'Edit hours' for anyone
 * signed in (a guest is sent to log in) and the public 'History'. The status follows the clock, without the server.
 */
export function PlaceHoursSection({ place }: { place: Establishment }) {
  const headingId = useId();
  const now = useMinuteClock();
  const session = useSession();
  const [dialog, setDialog] = useState<'edit' | 'history' | null>(null);
  const hours = place.hours;
  const editLabel = hours ? 'Edit hours' : 'Add hours';
  return (
    <section className="place-panel place-hours" aria-labelledby={headingId}>
      <h2 id={headingId} className="place-panel__title">
        Opening hours
      </h2>
      {hours ? <HoursShown hours={hours} now={now} /> : <p className="place-hours__none">No opening hours yet.</p>}
      <div className="place-hours__actions">
        {session ? (
          <button type="button" className="button button--small" aria-haspopup="dialog" onPointerEnter={preloadHoursEditor} onClick={() => setDialog('edit')}>
            {editLabel}
          </button>
        ) : (
          <Link to="/login" className="button button--small" aria-label={`Log in to ${editLabel.toLowerCase()}`}>
            {editLabel}
          </Link>
        )}
        <button type="button" className="button button--small" aria-haspopup="dialog" onClick={() => setDialog('history')}>
          History
        </button>
      </div>
      {dialog === 'edit' && <LazyHoursEditorDialog place={place} onClose={() => setDialog(null)} />}
      {dialog === 'history' && <LazyHoursHistoryDialog place={place} onClose={() => setDialog(null)} />}
    </section>
  );
}
