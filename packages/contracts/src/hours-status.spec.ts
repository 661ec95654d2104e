import { describe, expect, it } from 'vitest';
import { hoursStatus, hoursWeek, type HoursIntervals } from './hours-status';
import type { OpenInterval } from './place-hours';

const DAY_MS = 86_400_000;
const at = (iso: string): number => Date.parse(iso);
const interval = (from: string, to: string): OpenInterval => [at(from), at(to)];

/**
 * Intervals for `days` days from `firstDate` in a zone whose offset stays `offset` over them (no DST in the span):
 * ranges by weekday (0 = Sunday), 'HH:MM' pairs; a range whose end is not after its start ends the next day.
 */
function fixedOffsetIntervals(
  offset: string,
  firstDate: string,
  days: number,
  rangesByWeekday: Record<number, Array<[string, string]>>,
): OpenInterval[] {
  const intervals: OpenInterval[] = [];
  const first = at(`${firstDate}T00:00:00Z`);
  for (let index = 0; index < days; index += 1) {
    const date = new Date(first + index * DAY_MS);
    const iso = date.toISOString().slice(0, 10);
    for (const [from, to] of rangesByWeekday[date.getUTCDay()] ?? []) {
      const start = at(`${iso}T${from}:00${offset}`);
      const end = at(`${iso}T${to}:00${offset}`) + (to <= from ? DAY_MS : 0);
      intervals.push([start, end]);
    }
  }
  return intervals;
}

const texts = (week: ReturnType<typeof hoursWeek>) => week.map((day) => `${day.weekday} ${day.date}: ${day.text}`);

describe('hoursStatus and hoursWeek in America/Chicago (a café: weekdays 7–18, a split Saturday, closed Sunday)', () => {
  const weekdays: Array<[string, string]> = [['07:00', '18:00']];
  const cafe: HoursIntervals = {
    time_zone: 'America/Chicago',
    intervals: fixedOffsetIntervals('-05:00', '2026-06-08', 21, {
      1: weekdays,
      2: weekdays,
      3: weekdays,
      4: weekdays,
      5: weekdays,
      6: [
        ['08:00', '14:00'],
        ['15:00', '17:30'],
      ],
    }),
    until: at('2026-06-29T00:00:00-05:00'),
  };

  it('is open, with the closing in local time', () => {
    expect(hoursStatus(cafe, at('2026-06-10T12:00:00-05:00'))).toEqual({ state: 'open', text: 'Open · closes 6 PM' });
  });

  it('closes soon exactly 60 minutes before closing, not 61', () => {
    expect(hoursStatus(cafe, at('2026-06-10T17:00:00-05:00'))).toEqual({ state: 'closes_soon', text: 'Closes soon · 6 PM' });
    expect(hoursStatus(cafe, at('2026-06-10T16:59:00-05:00'))).toEqual({ state: 'open', text: 'Open · closes 6 PM' });
  });

  it('is closed at the closing instant, and says when it opens: later today, tomorrow, or on a weekday', () => {
    expect(hoursStatus(cafe, at('2026-06-10T18:00:00-05:00'))).toEqual({ state: 'closed', text: 'Closed · opens 7 AM tomorrow' });
    expect(hoursStatus(cafe, at('2026-06-10T06:15:00-05:00'))).toEqual({ state: 'closed', text: 'Closed · opens 7 AM' });
    expect(hoursStatus(cafe, at('2026-06-12T19:00:00-05:00')).text).toBe('Closed · opens 8 AM tomorrow');
    expect(hoursStatus(cafe, at('2026-06-13T18:00:00-05:00')).text).toBe('Closed · opens Mon 7 AM');
  });

  it('reads the gap of a split day, and minutes when the time is not on the hour', () => {
    expect(hoursStatus(cafe, at('2026-06-13T14:10:00-05:00')).text).toBe('Closed · opens 3 PM');
    expect(hoursStatus(cafe, at('2026-06-13T16:00:00-05:00')).text).toBe('Open · closes 5:30 PM');
  });

  it('lists the week from the local today, split days joined, closed days said', () => {
    const week = hoursWeek(cafe, at('2026-06-10T12:00:00-05:00'));
    expect(week.map((day) => day.today)).toEqual([true, false, false, false, false, false, false]);
    expect(texts(week)).toEqual([
      'Wednesday 2026-06-10: 7 AM–6 PM',
      'Thursday 2026-06-11: 7 AM–6 PM',
      'Friday 2026-06-12: 7 AM–6 PM',
      'Saturday 2026-06-13: 8 AM–2 PM, 3 PM–5:30 PM',
      'Sunday 2026-06-14: Closed',
      'Monday 2026-06-15: 7 AM–6 PM',
      'Tuesday 2026-06-16: 7 AM–6 PM',
    ]);
  });

  it("takes today from the place's zone, not UTC: 11 PM in Chicago is already tomorrow in UTC", () => {
    const lateEvening = at('2026-06-10T23:00:00-05:00');
    expect(new Date(lateEvening).toISOString().slice(0, 10)).toBe('2026-06-11');
    const week = hoursWeek(cafe, lateEvening);
    expect(week[0]).toEqual({ date: '2026-06-10', weekday: 'Wednesday', today: true, text: '7 AM–6 PM' });
    expect(hoursStatus(cafe, lateEvening).text).toBe('Closed · opens 7 AM tomorrow');
  });

  it('names the date of an opening more than a week ahead', () => {
    const reopening: HoursIntervals = {
      time_zone: 'America/Chicago',
      intervals: [interval('2026-06-22T07:00:00-05:00', '2026-06-22T18:00:00-05:00')],
      until: at('2026-06-29T00:00:00-05:00'),
    };
    expect(hoursStatus(reopening, at('2026-06-10T12:00:00-05:00')).text).toBe('Closed · opens Jun 22, 7 AM');
    expect(hoursStatus(reopening, at('2026-06-16T12:00:00-05:00')).text).toBe('Closed · opens Mon 7 AM');
  });

  it('is plainly closed when no interval comes before `until`', () => {
    const closedForGood: HoursIntervals = { time_zone: 'America/Chicago', intervals: [], until: at('2026-06-24T00:00:00-05:00') };
    expect(hoursStatus(closedForGood, at('2026-06-10T12:00:00-05:00'))).toEqual({ state: 'closed', text: 'Closed' });
    expect(hoursWeek(closedForGood, at('2026-06-10T12:00:00-05:00')).map((day) => day.text)).toEqual(Array(7).fill('Closed'));
  });

  it('knows nothing from `until` on', () => {
    const until = at('2026-06-20T00:00:00-05:00');
    const short: HoursIntervals = { ...cafe, until, intervals: cafe.intervals.filter(([start]) => start < until) };
    expect(hoursStatus(short, until)).toEqual({ state: 'unknown', text: '' });
    expect(hoursStatus(short, until + 3_600_000)).toEqual({ state: 'unknown', text: '' });
    expect(hoursStatus(short, until - 1).state).toBe('closed');
    expect(hoursWeek(short, until + 3_600_000).map((day) => day.text)).toEqual(Array(7).fill(''));
  });

  it('leaves blank the days the intervals do not wholly reach', () => {
    const short: HoursIntervals = { ...cafe, until: at('2026-06-13T12:00:00-05:00') };
    expect(hoursWeek(short, at('2026-06-10T12:00:00-05:00')).map((day) => day.text)).toEqual([
      '7 AM–6 PM',
      '7 AM–6 PM',
      '7 AM–6 PM',
      '',
      '',
      '',
      '',
    ]);
  });
});

describe('hoursStatus and hoursWeek in Asia/Tokyo (a bar open past midnight)', () => {
  const late: Array<[string, string]> = [['18:00', '02:00']];
  const bar: HoursIntervals = {
    time_zone: 'Asia/Tokyo',
    intervals: fixedOffsetIntervals('+09:00', '2026-06-07', 21, {
      0: [['18:00', '23:30']],
      1: [['18:00', '23:30']],
      2: [['18:00', '23:30']],
      3: [['18:00', '00:00']],
      4: late,
      5: late,
      6: late,
    }),
    until: at('2026-06-28T00:00:00+09:00'),
  };

  it('closes tomorrow when the closing is past midnight, and today once past it', () => {
    expect(hoursStatus(bar, at('2026-06-11T20:00:00+09:00')).text).toBe('Open · closes 2 AM tomorrow');
    expect(hoursStatus(bar, at('2026-06-12T00:30:00+09:00')).text).toBe('Open · closes 2 AM');
    expect(hoursStatus(bar, at('2026-06-12T01:00:00+09:00'))).toEqual({ state: 'closes_soon', text: 'Closes soon · 2 AM' });
  });

  it('closes at midnight tonight, not "tomorrow"', () => {
    expect(hoursStatus(bar, at('2026-06-10T20:00:00+09:00')).text).toBe('Open · closes 12 AM');
  });

  it('shows minutes and keeps an overnight range on the day it starts, not on the morning it ends', () => {
    expect(hoursStatus(bar, at('2026-06-08T19:00:00+09:00')).text).toBe('Open · closes 11:30 PM');
    const week = hoursWeek(bar, at('2026-06-12T00:30:00+09:00'));
    expect(texts(week)).toEqual([
      'Friday 2026-06-12: 6 PM–2 AM',
      'Saturday 2026-06-13: 6 PM–2 AM',
      'Sunday 2026-06-14: 6 PM–11:30 PM',
      'Monday 2026-06-15: 6 PM–11:30 PM',
      'Tuesday 2026-06-16: 6 PM–11:30 PM',
      'Wednesday 2026-06-17: 6 PM–12 AM',
      'Thursday 2026-06-18: 6 PM–2 AM',
    ]);
  });

  it('reads an interval lasting days: closes on a weekday, the whole days in between open 24 hours', () => {
    const festival: HoursIntervals = {
      time_zone: 'Asia/Tokyo',
      intervals: [interval('2026-06-12T08:00:00+09:00', '2026-06-15T02:00:00+09:00')],
      until: at('2026-06-28T00:00:00+09:00'),
    };
    expect(hoursStatus(festival, at('2026-06-12T10:00:00+09:00'))).toEqual({ state: 'open', text: 'Open · closes Mon 2 AM' });
    expect(hoursWeek(festival, at('2026-06-12T10:00:00+09:00')).map((day) => day.text)).toEqual([
      '8 AM–2 AM',
      'Open 24 hours',
      'Open 24 hours',
      'Closed',
      'Closed',
      'Closed',
      'Closed',
    ]);
  });

  it("does not count last night's tail as today's", () => {
    const week = hoursWeek(bar, at('2026-06-13T01:00:00+09:00'));
    expect(week[0]).toEqual({ date: '2026-06-13', weekday: 'Saturday', today: true, text: '6 PM–2 AM' });
  });
});

describe('hoursStatus and hoursWeek in Europe/Berlin (open around the clock)', () => {
  const now = at('2026-06-10T12:00:00+02:00');
  const allHours: HoursIntervals = {
    time_zone: 'Europe/Berlin',
    intervals: [[now - 2 * DAY_MS, at('2026-06-24T00:00:00+02:00')]],
    until: at('2026-06-24T00:00:00+02:00'),
  };

  it('is open 24 hours when the interval runs to `until`', () => {
    expect(hoursStatus(allHours, now)).toEqual({ state: 'open', text: 'Open 24 hours' });
    expect(hoursWeek(allHours, now).map((day) => day.text)).toEqual(Array(7).fill('Open 24 hours'));
  });

  it('says open 24 hours on the covered days and nothing past `until`', () => {
    const until = at('2026-06-13T12:00:00+02:00');
    const short: HoursIntervals = { ...allHours, intervals: [[now - 2 * DAY_MS, until]], until };
    expect(hoursWeek(short, now).map((day) => day.text)).toEqual(['Open 24 hours', 'Open 24 hours', 'Open 24 hours', '', '', '', '']);
  });

  it('stays open 24 hours up to `until`', () => {
    expect(hoursStatus(allHours, at('2026-06-23T23:00:00+02:00'))).toEqual({ state: 'open', text: 'Open 24 hours' });
  });
});

describe('across a daylight-saving change', () => {
  it('America/Chicago, back to CST on 2026-11-01: the right dates, times and a 25-hour Sunday', () => {
    const hours: HoursIntervals = {
      time_zone: 'America/Chicago',
      intervals: [
        interval('2026-10-29T07:00:00-05:00', '2026-10-29T18:00:00-05:00'),
        interval('2026-10-30T07:00:00-05:00', '2026-10-30T18:00:00-05:00'),
        interval('2026-10-31T07:00:00-05:00', '2026-10-31T18:00:00-05:00'),
        // Saturday night through the repeated hour.
        interval('2026-10-31T22:00:00-05:00', '2026-11-01T03:00:00-06:00'),
        interval('2026-11-01T07:00:00-06:00', '2026-11-01T18:00:00-06:00'),
        // Late on the long Sunday: by 24-hour steps from Thursday's midnight this would fall on Monday.
        interval('2026-11-01T23:30:00-06:00', '2026-11-01T23:55:00-06:00'),
        interval('2026-11-02T07:00:00-06:00', '2026-11-02T18:00:00-06:00'),
        interval('2026-11-03T07:00:00-06:00', '2026-11-03T18:00:00-06:00'),
        interval('2026-11-04T07:00:00-06:00', '2026-11-04T18:00:00-06:00'),
      ],
      until: at('2026-11-12T00:00:00-06:00'),
    };
    expect(texts(hoursWeek(hours, at('2026-10-29T12:00:00-05:00')))).toEqual([
      'Thursday 2026-10-29: 7 AM–6 PM',
      'Friday 2026-10-30: 7 AM–6 PM',
      'Saturday 2026-10-31: 7 AM–6 PM, 10 PM–3 AM',
      'Sunday 2026-11-01: 7 AM–6 PM, 11:30 PM–11:55 PM',
      'Monday 2026-11-02: 7 AM–6 PM',
      'Tuesday 2026-11-03: 7 AM–6 PM',
      'Wednesday 2026-11-04: 7 AM–6 PM',
    ]);
    expect(hoursStatus(hours, at('2026-10-31T20:00:00-05:00')).text).toBe('Closed · opens 10 PM');
    expect(hoursStatus(hours, at('2026-10-31T23:00:00-05:00')).text).toBe('Open · closes 3 AM tomorrow');
    expect(hoursStatus(hours, at('2026-11-01T04:00:00-06:00')).text).toBe('Closed · opens 7 AM');
    // Monday's week starts at Monday's local midnight, after the 25-hour Sunday.
    expect(hoursWeek(hours, at('2026-11-02T00:10:00-06:00'))[0]).toEqual({
      date: '2026-11-02',
      weekday: 'Monday',
      today: true,
      text: '7 AM–6 PM',
    });
  });

  it('Europe/Berlin, on to CEST on 2026-03-29: the right dates, times and a 23-hour Sunday', () => {
    const hours: HoursIntervals = {
      time_zone: 'Europe/Berlin',
      intervals: [
        interval('2026-03-26T08:00:00+01:00', '2026-03-26T20:00:00+01:00'),
        interval('2026-03-27T08:00:00+01:00', '2026-03-27T20:00:00+01:00'),
        interval('2026-03-28T08:00:00+01:00', '2026-03-28T20:00:00+01:00'),
        // Saturday night through the skipped hour.
        interval('2026-03-28T22:00:00+01:00', '2026-03-29T04:00:00+02:00'),
        interval('2026-03-29T08:00:00+02:00', '2026-03-29T20:00:00+02:00'),
        // Early on Monday: by 24-hour steps from Thursday's midnight this would fall on Sunday.
        interval('2026-03-30T00:30:00+02:00', '2026-03-30T01:00:00+02:00'),
        interval('2026-03-30T08:00:00+02:00', '2026-03-30T20:00:00+02:00'),
        interval('2026-03-31T08:00:00+02:00', '2026-03-31T20:00:00+02:00'),
        interval('2026-04-01T08:00:00+02:00', '2026-04-01T20:00:00+02:00'),
      ],
      until: at('2026-04-09T00:00:00+02:00'),
    };
    expect(texts(hoursWeek(hours, at('2026-03-26T10:00:00+01:00')))).toEqual([
      'Thursday 2026-03-26: 8 AM–8 PM',
      'Friday 2026-03-27: 8 AM–8 PM',
      'Saturday 2026-03-28: 8 AM–8 PM, 10 PM–4 AM',
      'Sunday 2026-03-29: 8 AM–8 PM',
      'Monday 2026-03-30: 12:30 AM–1 AM, 8 AM–8 PM',
      'Tuesday 2026-03-31: 8 AM–8 PM',
      'Wednesday 2026-04-01: 8 AM–8 PM',
    ]);
    expect(hoursStatus(hours, at('2026-03-28T23:30:00+01:00')).text).toBe('Open · closes 4 AM tomorrow');
    // 01:30 CET to 04:00 CEST is 90 minutes, though the wall clock says 150; at 03:01 CEST, 59 minutes are left.
    expect(hoursStatus(hours, at('2026-03-29T01:30:00+01:00'))).toEqual({ state: 'open', text: 'Open · closes 4 AM' });
    expect(hoursStatus(hours, at('2026-03-29T03:01:00+02:00'))).toEqual({ state: 'closes_soon', text: 'Closes soon · 4 AM' });
  });

  it('America/Santiago, whose clocks skip from 00:00 to 01:00 on 2026-09-06: that Sunday starts at 1 AM', () => {
    const hours: HoursIntervals = {
      time_zone: 'America/Santiago',
      intervals: [
        interval('2026-09-05T23:30:00-04:00', '2026-09-05T23:50:00-04:00'),
        interval('2026-09-06T01:00:00-03:00', '2026-09-06T02:00:00-03:00'),
      ],
      until: at('2026-09-20T00:00:00-03:00'),
    };
    expect(texts(hoursWeek(hours, at('2026-09-05T12:00:00-04:00'))).slice(0, 3)).toEqual([
      'Saturday 2026-09-05: 11:30 PM–11:50 PM',
      'Sunday 2026-09-06: 1 AM–2 AM',
      'Monday 2026-09-07: Closed',
    ]);
    expect(hoursWeek(hours, at('2026-09-06T01:00:00-03:00'))[0].text).toBe('1 AM–2 AM');
  });
});

describe('bad input', () => {
  it('names an unknown time zone', () => {
    const hours: HoursIntervals = { time_zone: 'Mars/Olympus_Mons', intervals: [], until: at('2026-06-24T00:00:00Z') };
    expect(() => hoursStatus(hours, at('2026-06-10T00:00:00Z'))).toThrow('Unknown time zone "Mars/Olympus_Mons"');
    expect(() => hoursWeek(hours, at('2026-06-10T00:00:00Z'))).toThrow('Unknown time zone "Mars/Olympus_Mons"');
  });

  it('refuses an instant that is not a number', () => {
    const hours: HoursIntervals = { time_zone: 'Asia/Tokyo', intervals: [], until: at('2026-06-24T00:00:00Z') };
    expect(() => hoursStatus(hours, Number.NaN)).toThrow('now must be a finite epoch time in ms, got NaN.');
  });
});
