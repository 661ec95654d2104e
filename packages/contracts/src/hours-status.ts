/**
 * Pure readings of a place's open intervals (issue 31): the short status line ('Open · closes 6 PM') shown on the place
 * page, the map card and the side list, and the week shown on the place page. Every clock time is the place's own
 * local time (its IANA time zone), so a visitor elsewhere, or a week across a daylight-saving change, reads it right.
 */
import { HOURS_LIMITS, type OpenInterval } from './place-hours';

export type HoursState = 'open' | 'closes_soon' | 'closed' | 'unknown';

export interface HoursStatus {
  state: HoursState;
  text: string;
}

export interface HoursDay {
  /** YYYY-MM-DD in the place's time zone. */
  date: string;
  /** 'Monday' … 'Sunday'. */
  weekday: string;
  today: boolean;
  /** '7 AM–2 PM, 3 PM–5 PM', 'Open 24 hours', 'Closed', or '' when the intervals don't reach the whole day. */
  text: string;
}

/** What both readings need: PlaceHours and PinHours both fit. */
export interface HoursIntervals {
  time_zone: string;
  /** [start, end) epoch ms, sorted, non-overlapping, merged. */
  intervals: OpenInterval[];
  /** Epoch ms up to which `intervals` tell the whole truth. */
  until: number;
}

const DOT = ' \u00b7 ';
const EN_DASH = '\u2013';
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const WEEKDAY_NAMES_BY_UTC_DAY = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

interface WallTime extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const wallTimeFormatters = new Map<string, Intl.DateTimeFormat>();

function wallTimeFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallTimeFormatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      throw new RangeError(`Unknown time zone "${timeZone}": expected an IANA name such as America/Chicago.`);
    }
    wallTimeFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The place's wall clock at an instant. */
function wallTimeAt(timeZone: string, instant: number): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of wallTimeFormatter(timeZone).formatToParts(instant)) {
    if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
  }
  return wall;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetAt(timeZone: string, instant: number): number {
  const wall = wallTimeAt(timeZone, instant);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/** Days since 1970-01-01 of a calendar date: plain calendar arithmetic, free of any zone. */
function dayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/**
 * The first instant of a local date. Offsets a day before and after bracket any change near midnight: where midnight
 * is skipped (a spring-forward at 00:00) the day starts at the change; where it comes twice, at the first one.
 */
function startOfLocalDay(timeZone: string, date: CalendarDate): number {
  const midnightAsUtc = Date.UTC(date.year, date.month - 1, date.day);
  const candidates = [zoneOffsetAt(timeZone, midnightAsUtc - DAY_MS), zoneOffsetAt(timeZone, midnightAsUtc + DAY_MS)].map(
    (offset) => midnightAsUtc - offset,
  );
  const onTheDate = candidates.filter((instant) => dayNumber(wallTimeAt(timeZone, instant)) === dayNumber(date));
  return Math.min(...(onTheDate.length > 0 ? onTheDate : candidates));
}

function isoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

function weekdayName(date: CalendarDate): string {
  return WEEKDAY_NAMES_BY_UTC_DAY[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()];
}

/** '6 PM', '6:30 PM', '12 AM': minutes only when not :00. */
function clockText(wall: WallTime): string {
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  const suffix = wall.hour < 12 ? 'AM' : 'PM';
  return wall.minute === 0 ? `${hour12} ${suffix}` : `${hour12}:${String(wall.minute).padStart(2, '0')} ${suffix}`;
}

const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An instant as said from `today`: '7 AM', '7 AM tomorrow', 'Mon 7 AM' within the coming week, 'Mar 9, 7 AM' beyond
 * (a weekday alone would be ambiguous). A closing at midnight belongs to the day it ends: 'closes 12 AM', not tomorrow.
 */
function instantText(timeZone: string, instant: number, today: CalendarDate, isClosing: boolean): string {
  const wall = wallTimeAt(timeZone, instant);
  const endsDay = isClosing && wall.hour === 0 && wall.minute === 0;
  const date = endsDay ? addDays(wall, -1) : wall;
  const daysAhead = dayNumber(date) - dayNumber(today);
  const clock = clockText(wall);
  if (daysAhead <= 0) return clock;
  if (daysAhead === 1) return `${clock} tomorrow`;
  if (daysAhead < 7) return `${weekdayName(date).slice(0, 3)} ${clock}`;
  return `${MONTH_SHORT[date.month - 1]} ${date.day}, ${clock}`;
}

function assertInstant(value: number, name: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite epoch time in ms, got ${String(value)}.`);
}

/** The short status line: 'Open · closes 6 PM', 'Closes soon · 6 PM', 'Closed · opens 7 AM tomorrow', 'Open 24 hours'. */
export function hoursStatus(hours: HoursIntervals, now: number): HoursStatus {
  assertInstant(now, 'now');
  assertInstant(hours.until, 'until');
  if (now >= hours.until) return { state: 'unknown', text: '' };
  const today = wallTimeAt(hours.time_zone, now);
  const current = hours.intervals.find(([start, end]) => start <= now && now < end);
  if (current) {
    const end = current[1];
    if (end >= hours.until) return { state: 'open', text: 'Open 24 hours' };
    const closing = instantText(hours.time_zone, end, today, true);
    if (end - now <= HOURS_LIMITS.closesSoonMinutes * MINUTE_MS) return { state: 'closes_soon', text: `Closes soon${DOT}${closing}` };
    return { state: 'open', text: `Open${DOT}closes ${closing}` };
  }
  const next = hours.intervals.find(([start]) => start > now && start < hours.until);
  if (!next) return { state: 'closed', text: 'Closed' };
  return { state: 'closed', text: `Closed${DOT}opens ${instantText(hours.time_zone, next[0], today, false)}` };
}

/** A range as the week shows it: '7 AM–2 PM'; an overnight one shows its end as is ('10 PM–2 AM'). */
function rangeText(timeZone: string, [start, end]: OpenInterval, until: number): string {
  const opens = clockText(wallTimeAt(timeZone, start));
  // Cut at `until`, the end is not known yet.
  if (end >= until) return `from ${opens}`;
  return `${opens}${EN_DASH}${clockText(wallTimeAt(timeZone, end))}`;
}

function dayText(hours: HoursIntervals, dayStart: number, dayEnd: number): string {
  if (dayEnd > hours.until) return '';
  if (hours.intervals.some(([start, end]) => start <= dayStart && end >= dayEnd)) return 'Open 24 hours';
  // A range belongs to the day it starts on: last night's tail is last night's, not today's.
  const ranges = hours.intervals.filter(([start]) => start >= dayStart && start < dayEnd);
  if (ranges.length === 0) return 'Closed';
  const text = ranges.map((range) => rangeText(hours.time_zone, range, hours.until)).join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The place's local today and the 6 days after, each with its ranges. */
export function hoursWeek(hours: HoursIntervals, now: number): HoursDay[] {
  assertInstant(now, 'now');
  assertInstant(hours.until, 'until');
  const nowWall = wallTimeAt(hours.time_zone, now);
  const today: CalendarDate = { year: nowWall.year, month: nowWall.month, day: nowWall.day };
  const week: HoursDay[] = [];
  let dayStart = startOfLocalDay(hours.time_zone, today);
  for (let index = 0; index < 7; index += 1) {
    const date = addDays(today, index);
    const dayEnd = startOfLocalDay(hours.time_zone, addDays(date, 1));
    week.push({
      date: isoDate(date),
      weekday: weekdayName(date),
      today: index === 0,
      text: dayText(hours, dayStart, dayEnd),
    });
    dayStart = dayEnd;
  }
  return week;
}
