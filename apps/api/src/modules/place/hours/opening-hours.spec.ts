import { describe, expect, it } from 'vitest';
import { HOURS_LIMITS, HOURS_MESSAGES, type OpenInterval } from '@siplog/contracts';
import { evaluateHours, KEPT_BEHIND, openIntervals, readOpeningHours, timeZoneAt, type HoursPlace } from './opening-hours';

const CHICAGO: HoursPlace = { lat: 41.8837, lng: -87.6289, country: 'US', state: 'IL' };
const TOKYO: HoursPlace = { lat: 35.6812, lng: 139.7671, country: 'JP', state: '' };
const BERLIN: HoursPlace = { lat: 52.52, lng: 13.405, country: 'DE', state: 'Berlin' };

const at = (iso: string) => Date.parse(iso);
const iso = (intervals: OpenInterval[]) => intervals.map(([start, end]) => [new Date(start).toISOString(), new Date(end).toISOString()]);

/** The place's intervals between two instants, its zone from its point. */
function intervalsOf(text: string, place: HoursPlace, from: string, to: string): OpenInterval[] {
  const read = readOpeningHours(text, place);
  if ('problem' in read) throw new Error(read.problem);
  return openIntervals(read.hours, timeZoneAt(place), at(from), at(to));
}
const openAt = (intervals: OpenInterval[], instant: string) => intervals.some(([start, end]) => start <= at(instant) && at(instant) < end);

describe('opening hours: reading the text', () => {
  it('finds each place its time zone from its point, offline', () => {
    expect([timeZoneAt(CHICAGO), timeZoneAt(TOKYO), timeZoneAt(BERLIN)]).toEqual(['America/Chicago', 'Asia/Tokyo', 'Europe/Berlin']);
  });

  it.each(['Mo-Fr 07:00-18:00; Sa 08:00-14:00,15:00-17:00; Su off', '24/7', 'Mo-Su 22:00-02:00', 'Mo-Fr 08:00-12:00; PH off', 'off'])('reads %s', (text) => {
    expect(readOpeningHours(text, CHICAGO)).toHaveProperty('hours');
  });

  it('refuses a text it cannot read with the library’s own words', () => {
    const read = readOpeningHours('Mo-Fr 25:00-26:00', CHICAGO);
    expect(read).toEqual({ problem: expect.stringMatching(/^These opening hours can't be read: Mo-Fr 25:00 <--- \(Time range starts outside of the current day\)/) });
    expect(readOpeningHours('whenever we feel like it', CHICAGO)).toEqual({ problem: expect.stringContaining("These opening hours can't be read: ") });
  });

  it('refuses public holidays where the country is unknown, and reads them where it is', () => {
    expect(readOpeningHours('Mo-Fr 08:00-17:00; PH off', { ...CHICAGO, country: '' })).toEqual({ problem: HOURS_MESSAGES.noHolidays });
    // Christmas 2026 is a Friday: closed in Chicago, the Thursday before open.
    const christmas = intervalsOf('Mo-Fr 08:00-17:00; PH off', CHICAGO, '2026-12-24T00:00:00Z', '2026-12-27T00:00:00Z');
    expect(iso(christmas)).toEqual([['2026-12-24T14:00:00.000Z', '2026-12-24T23:00:00.000Z']]);
  });
});

describe('opening hours: open intervals in the place’s own time', () => {
  it('weekdays in Chicago (UTC-6 in winter), closed at the weekend', () => {
    const week = intervalsOf('Mo-Fr 07:00-18:00; Sa,Su off', CHICAGO, '2026-11-28T00:00:00Z', '2026-12-01T12:00:00Z');
    expect(iso(week)).toEqual([['2026-11-30T13:00:00.000Z', '2026-12-01T00:00:00.000Z']]);
    expect(openAt(week, '2026-11-30T23:59:00Z')).toBe(true); // 5:59 PM Monday in Chicago
    expect(openAt(week, '2026-12-01T00:00:00Z')).toBe(false); // 6 PM: closed
    expect(openAt(week, '2026-11-29T18:00:00Z')).toBe(false); // Sunday noon
  });

  it('a range past midnight in Tokyo (UTC+9) is one interval into the next day', () => {
    const nights = intervalsOf('Mo-Su 22:00-02:00', TOKYO, '2026-11-30T00:00:00Z', '2026-12-01T00:00:00Z');
    // The window is Monday 9 AM to Tuesday 9 AM in Tokyo: Monday 22:00 JST = 13:00Z to Tuesday 02:00 JST = 17:00Z.
    expect(iso(nights)).toEqual([['2026-11-30T13:00:00.000Z', '2026-11-30T17:00:00.000Z']]);
    expect(openAt(nights, '2026-11-30T16:30:00Z')).toBe(true); // 1:30 AM Tuesday in Tokyo
    expect(openAt(nights, '2026-11-30T17:00:00Z')).toBe(false);
  });

  it('a split day in Berlin has two intervals, with the lunch break closed', () => {
    const monday = intervalsOf('Mo 08:00-12:00,13:00-17:00', BERLIN, '2026-11-30T00:00:00Z', '2026-12-01T00:00:00Z');
    expect(iso(monday)).toEqual([
      ['2026-11-30T07:00:00.000Z', '2026-11-30T11:00:00.000Z'],
      ['2026-11-30T12:00:00.000Z', '2026-11-30T16:00:00.000Z'],
    ]);
    expect(openAt(monday, '2026-11-30T11:30:00Z')).toBe(false);
  });

  it('24/7 is one interval over the whole window', () => {
    expect(iso(intervalsOf('24/7', TOKYO, '2026-11-30T00:00:00Z', '2026-12-14T00:00:00Z'))).toEqual([['2026-11-30T00:00:00.000Z', '2026-12-14T00:00:00.000Z']]);
  });

  it('keeps 8 AM local across Berlin’s spring-forward change (UTC+1 then UTC+2)', () => {
    const weekend = intervalsOf('Mo-Su 08:00-20:00', BERLIN, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z');
    expect(iso(weekend)).toEqual([
      ['2026-03-28T07:00:00.000Z', '2026-03-28T19:00:00.000Z'],
      ['2026-03-29T06:00:00.000Z', '2026-03-29T18:00:00.000Z'],
    ]);
  });

  it('keeps 8 AM local across Chicago’s fall-back change (UTC-5 then UTC-6)', () => {
    const weekend = intervalsOf('Sa,Su 08:00-17:00', CHICAGO, '2026-10-31T00:00:00Z', '2026-11-02T12:00:00Z');
    expect(iso(weekend)).toEqual([
      ['2026-10-31T13:00:00.000Z', '2026-10-31T22:00:00.000Z'],
      ['2026-11-01T14:00:00.000Z', '2026-11-01T23:00:00.000Z'],
    ]);
    expect(openAt(weekend, '2026-11-01T13:30:00Z')).toBe(false); // 7:30 AM CST: not yet
  });

  it('the same instant is open in one zone and closed in another', () => {
    const text = 'Mo-Su 09:00-17:00';
    const instant = '2026-12-01T15:00:00Z'; // 9 AM Chicago, midnight Tokyo, 4 PM Berlin
    const window = ['2026-11-30T00:00:00Z', '2026-12-03T00:00:00Z'] as const;
    expect(openAt(intervalsOf(text, CHICAGO, ...window), instant)).toBe(true);
    expect(openAt(intervalsOf(text, TOKYO, ...window), instant)).toBe(false);
    expect(openAt(intervalsOf(text, BERLIN, ...window), instant)).toBe(true);
  });
});

describe('opening hours: evaluateHours, the one evaluation of every caller', () => {
  const now = at('2026-12-01T15:00:00Z');

  it('evaluates from KEPT_BEHIND back to the window’s end, in the zone of the place’s point when it keeps none', () => {
    const until = now + HOURS_LIMITS.windowDays * 86_400_000;
    const read = readOpeningHours('Mo-Su 09:00-17:00', CHICAGO);
    if ('problem' in read) throw new Error(read.problem);
    expect(KEPT_BEHIND).toBe(86_400_000);
    expect(evaluateHours('Mo-Su 09:00-17:00', { ...CHICAGO, timeZone: null }, now)).toEqual({
      timeZone: 'America/Chicago',
      intervals: openIntervals(read.hours, 'America/Chicago', now - KEPT_BEHIND, until),
      until,
    });
  });

  it('keeps the zone the place already has', () => {
    const hours = evaluateHours('24/7', { ...CHICAGO, timeZone: 'Asia/Tokyo' }, now);
    expect(hours).toMatchObject({ timeZone: 'Asia/Tokyo', intervals: [[now - KEPT_BEHIND, now + HOURS_LIMITS.windowDays * 86_400_000]] });
  });

  it('answers a text it cannot read with the reading’s problem and no error', () => {
    expect(evaluateHours('Mo-Fr 08:00-17:00; PH off', { ...CHICAGO, country: '', timeZone: null }, now)).toEqual({ problem: HOURS_MESSAGES.noHolidays });
  });
});
