import { tzOffset } from '@date-fns/tz';
import tzlookup from '@photostructure/tz-lookup';
import { HOURS_LIMITS, HOURS_MESSAGES, type OpenInterval } from '@siplog/contracts';
import OpeningHours from 'opening_hours';

/*
 * OpenStreetMap `opening_hours` (issue 31), read with the opening_hours library. The library has no time zones: it
 * reads and writes Dates in the process's local time. So this module runs the process in UTC (below), where a Date's
 * local fields are its UTC fields: the place's wall-clock time is carried as "that time in UTC" through the library,
 * and turned into the true instant with the place's offset at that moment (so daylight-saving changes fall right).
 */
process.env.TZ = 'UTC';

/** What the library needs of a place: its point (sunrise, sunset) and its country and state (public holidays). */
export interface HoursPlace {
  lat: number;
  lng: number;
  /** ISO 3166 alpha-2 when known ('US'); anything else means "unknown" and holidays can't be used. */
  country: string;
  state: string;
}

/** The place's IANA time zone from its point (offline: the zone map ships with the library). */
export function timeZoneAt(point: { lat: number; lng: number }): string {
  return tzlookup(point.lat, point.lng);
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Open intervals are kept from a day back, so the place page's "today" still shows a range that began before now. */
export const KEPT_BEHIND = DAY;
/** The place's wall clock at an instant, as a "UTC" epoch ms. */
const wallAt = (instant: number, zone: string) => instant + tzOffset(zone, new Date(instant)) * MINUTE;
/** The instant the place's wall clock shows `wall`: two rounds settle the offset on either side of a change. */
function instantAt(wall: number, zone: string): number {
  const guess = wall - tzOffset(zone, new Date(wall)) * MINUTE;
  return wall - tzOffset(zone, new Date(guess)) * MINUTE;
}

const countryCodeOf = (country: string) => (/^[a-z]{2}$/i.test(country.trim()) ? country.trim().toLowerCase() : '');
/** The library throws (and logs) when holidays are asked of a country it doesn't know: refuse those texts first. */
const USES_HOLIDAYS = /\b(PH|SH)\b/;

/** The library's reading of `text` for the place, or the reason it can't read it (a sentence for the person). */
export function readOpeningHours(text: string, place: HoursPlace): { hours: OpeningHours } | { problem: string } {
  const countryCode = countryCodeOf(place.country);
  if (!countryCode && USES_HOLIDAYS.test(text)) return { problem: HOURS_MESSAGES.noHolidays };
  try {
    const hours = new OpeningHours(text, { lat: place.lat, lon: place.lng, address: { country_code: countryCode, state: place.state } }, 0);
    return { hours };
  } catch (error) {
    return { problem: HOURS_MESSAGES.invalid(problemOf(error)) };
  }
}

/** The library's message, first line, without its plea for pull requests. */
function problemOf(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0].replace(/\s*Please submit a pull request.*$/, '').trim();
  return (message || 'the text is not in the opening_hours syntax.').slice(0, 300);
}

/**
 * The place's open intervals between two instants, in epoch ms, sorted, touching ones merged. "Unknown" stretches
 * (the `unknown` keyword) are not open. Evaluating can still fail on a country's holidays the library lacks: the
 * problem is thrown as a plain Error for the caller to refuse or log.
 */
export function openIntervals(hours: OpeningHours, zone: string, from: number, to: number): OpenInterval[] {
  const merged: OpenInterval[] = [];
  for (const [start, end, unknown] of hours.getOpenIntervals(new Date(wallAt(from, zone)), new Date(wallAt(to, zone)))) {
    if (unknown) continue;
    const interval: OpenInterval = [instantAt(start.getTime(), zone), instantAt(end.getTime(), zone)];
    const last = merged.at(-1);
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else if (interval[1] > interval[0]) merged.push(interval);
  }
  return merged;
}

/** Hours evaluated for a place: its time zone and its open intervals from KEPT_BEHIND back to `until`. */
export interface HoursEvaluation {
  timeZone: string;
  intervals: OpenInterval[];
  /** Epoch ms the intervals reach: HOURS_LIMITS.windowDays ahead. */
  until: number;
}

/**
 * Why hours can't be evaluated there: `problem` is a sentence for the person (HOURS_MESSAGES); `error` is what the
 * library threw while evaluating a text it had read (absent when the text itself could not be read).
 */
export interface HoursFailure {
  problem: string;
  error?: unknown;
}

/**
 * The one evaluation of opening hours (setting them, the sweeper's refresh, the demo seed, the bench): `text` read for
 * the place and evaluated at `now` in its time zone (kept, or found from its point), from KEPT_BEHIND back to
 * HOURS_LIMITS.windowDays ahead. Never throws: each caller fails its own way on a failure.
 */
export function evaluateHours(text: string, place: HoursPlace & { timeZone: string | null }, now: number): HoursEvaluation | HoursFailure {
  const read = readOpeningHours(text, place);
  if ('problem' in read) return { problem: read.problem };
  const timeZone = place.timeZone ?? timeZoneAt(place);
  const until = now + HOURS_LIMITS.windowDays * DAY;
  try {
    return { timeZone, intervals: openIntervals(read.hours, timeZone, now - KEPT_BEHIND, until), until };
  } catch (error) {
    return { problem: HOURS_MESSAGES.invalid(error instanceof Error ? error.message.split('\n')[0].slice(0, 300) : 'it could not be evaluated.'), error };
  }
}
