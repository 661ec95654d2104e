import { describe, expect, it } from 'vitest';
import {
  EMPTY_WEEKLY_HOURS,
  WEEKDAYS,
  WEEKDAY_NAMES,
  weeklyHoursOf,
  weeklyHoursProblem,
  weeklyHoursText,
  type TimeRange,
  type Weekday,
  type WeeklyHours,
} from './weekly-hours';

const range = (from: string, to: string): TimeRange => ({ from, to });

/** A model from the open days only; the others are closed. */
function weekly(open: Partial<Record<Weekday, TimeRange[]>>, extra: Partial<WeeklyHours> = {}): WeeklyHours {
  const days = Object.fromEntries(WEEKDAYS.map((day) => [day, open[day] ?? []])) as Record<Weekday, TimeRange[]>;
  return { alwaysOpen: false, publicHolidaysClosed: false, days, ...extra };
}

const weekdays = (ranges: TimeRange[]) => ({ Mo: ranges, Tu: ranges, We: ranges, Th: ranges, Fr: ranges });

describe('WEEKDAYS and EMPTY_WEEKLY_HOURS', () => {
  it('name the days from Monday, and start all closed', () => {
    expect(WEEKDAYS.map((day) => WEEKDAY_NAMES[day])).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(EMPTY_WEEKLY_HOURS).toEqual(weekly({}));
    expect(weeklyHoursText(EMPTY_WEEKLY_HOURS)).toBe('off');
  });

  it('cannot be changed in place by mistake', () => {
    expect(() => EMPTY_WEEKLY_HOURS.days.Mo.push(range('09:00', '17:00'))).toThrow(TypeError);
    expect(EMPTY_WEEKLY_HOURS.days.Mo).toEqual([]);
  });
});

describe('weeklyHoursText', () => {
  it('groups consecutive days with equal ranges, writes a split day and the closed days last', () => {
    const cafe = weekly({ ...weekdays([range('07:00', '18:00')]), Sa: [range('08:00', '14:00'), range('15:00', '17:00')] });
    expect(weeklyHoursText(cafe)).toBe('Mo-Fr 07:00-18:00; Sa 08:00-14:00,15:00-17:00; Su off');
    expect(weeklyHoursText({ ...cafe, publicHolidaysClosed: true })).toBe(
      'Mo-Fr 07:00-18:00; Sa 08:00-14:00,15:00-17:00; Su off; PH off',
    );
  });

  it('lists separate days with equal ranges, pairs as lists, runs of three as ranges', () => {
    const hours = weekly({ Mo: [range('09:00', '17:00')], We: [range('09:00', '17:00')] });
    expect(weeklyHoursText(hours)).toBe('Mo,We 09:00-17:00; Tu,Th-Su off');
    const weekend = weekly({ Sa: [range('10:00', '16:00')], Su: [range('10:00', '16:00')] });
    expect(weeklyHoursText(weekend)).toBe('Sa,Su 10:00-16:00; Mo-Fr off');
  });

  it('writes no closed rule when every day is open, and "off" when none is', () => {
    const everyDay = weekly(Object.fromEntries(WEEKDAYS.map((day) => [day, [range('08:00', '20:00')]])));
    expect(weeklyHoursText(everyDay)).toBe('Mo-Su 08:00-20:00');
    expect(weeklyHoursText(weekly({}, { publicHolidaysClosed: true }))).toBe('off; PH off');
  });

  it('writes 24/7, ignoring the days kept behind it', () => {
    expect(weeklyHoursText(weekly({ Mo: [range('09:00', '17:00')] }, { alwaysOpen: true }))).toBe('24/7');
    expect(weeklyHoursText(weekly({}, { alwaysOpen: true, publicHolidaysClosed: true }))).toBe('24/7; PH off');
  });

  it('writes ranges past midnight as they are, keeping the rule of the day they run into first', () => {
    const late = weekly({ Mo: [range('10:00', '12:00')], Sa: [range('10:00', '12:00')], Fr: [range('22:00', '02:00')] });
    // Saturday's rule comes before Friday's, so it leaves Friday's tail alone.
    expect(weeklyHoursText(late)).toBe('Mo,Sa 10:00-12:00; Fr 22:00-02:00; Tu-Th,Su off');
    const nightly = weekly(Object.fromEntries(WEEKDAYS.map((day) => [day, [range('22:00', '02:00')]])));
    expect(weeklyHoursText(nightly)).toBe('Mo-Su 22:00-02:00');
  });

  it('puts the closed days first and joins additional rules when a later rule would cut a tail past midnight', () => {
    const bar = weekly({
      Mo: [range('17:00', '00:00')],
      Tu: [range('17:00', '00:00')],
      We: [range('17:00', '00:00')],
      Th: [range('17:00', '00:00')],
      Fr: [range('17:00', '02:00')],
      Sa: [range('17:00', '02:00')],
    });
    // 'Su off' after 'Fr,Sa 17:00-02:00' would close Sunday from midnight, cutting Saturday at 00:00.
    expect(weeklyHoursText(bar)).toBe('Su off; Mo-Th 17:00-00:00, Fr,Sa 17:00-02:00');
    const sundayBrunch = weekly({ ...weekdays([range('09:00', '17:00')]), Sa: [range('20:00', '03:00')], Su: [range('11:00', '15:00')] });
    expect(weeklyHoursText(sundayBrunch)).toBe('Mo-Fr 09:00-17:00, Sa 20:00-03:00, Su 11:00-15:00');
  });

  it('ends a range at midnight with 00:00 or 24:00 as entered, which cuts nothing', () => {
    const hours = weekly({ Fr: [range('18:00', '24:00')], Sa: [range('18:00', '00:00')] });
    expect(weeklyHoursText(hours)).toBe('Fr 18:00-24:00; Sa 18:00-00:00; Mo-Th,Su off');
  });
});

describe('weeklyHoursOf', () => {
  it('reads back the canonical texts', () => {
    expect(weeklyHoursOf('Mo-Fr 07:00-18:00; Sa 08:00-14:00,15:00-17:00; Su off; PH off')).toEqual(
      weekly(
        { ...weekdays([range('07:00', '18:00')]), Sa: [range('08:00', '14:00'), range('15:00', '17:00')] },
        { publicHolidaysClosed: true },
      ),
    );
    expect(weeklyHoursOf('Su off; Mo-Th 17:00-00:00, Fr,Sa 17:00-02:00')).toEqual(
      weekly({ ...weekdays([range('17:00', '00:00')]), Fr: [range('17:00', '02:00')], Sa: [range('17:00', '02:00')] }),
    );
    expect(weeklyHoursOf('off')).toEqual(EMPTY_WEEKLY_HOURS);
    expect(weeklyHoursOf('24/7')).toEqual(weekly({}, { alwaysOpen: true }));
    expect(weeklyHoursOf('24/7; PH off')).toEqual(weekly({}, { alwaysOpen: true, publicHolidaysClosed: true }));
  });

  it('reads the obvious variants: spaces, Mo-Su, day lists, a wrapping range, closed, no days, one-digit hours', () => {
    const nineToFive = [range('09:00', '17:00')];
    expect(weeklyHoursOf('  Mo - Fr  09:00 - 17:00 ;  Sa,Su   closed ')).toEqual(weekly(weekdays(nineToFive)));
    expect(weeklyHoursOf('Mo-Su 09:00-17:00')).toEqual(weekly(Object.fromEntries(WEEKDAYS.map((day) => [day, nineToFive]))));
    expect(weeklyHoursOf('09:00-17:00')).toEqual(weekly(Object.fromEntries(WEEKDAYS.map((day) => [day, nineToFive]))));
    expect(weeklyHoursOf('Mo,We,Fr 9:00-17:00')).toEqual(weekly({ Mo: nineToFive, We: nineToFive, Fr: nineToFive }));
    expect(weeklyHoursOf('Fr-Mo 09:00-17:00')).toEqual(weekly({ Fr: nineToFive, Sa: nineToFive, Su: nineToFive, Mo: nineToFive }));
    expect(weeklyHoursOf('closed')).toEqual(EMPTY_WEEKLY_HOURS);
    expect(weeklyHoursOf('Mo-Fr 09:00-17:00;')).toEqual(weekly(weekdays(nineToFive)));
    expect(weeklyHoursOf('PH off')).toEqual(weekly({}, { publicHolidaysClosed: true }));
  });

  it('lets a later rule replace whole days, and adds an additional rule to a day', () => {
    expect(weeklyHoursOf('Mo-Su 09:00-17:00; Su off')).toEqual(
      weekly(Object.fromEntries(WEEKDAYS.filter((day) => day !== 'Su').map((day) => [day, [range('09:00', '17:00')]]))),
    );
    expect(weeklyHoursOf('Mo 09:00-12:00, Mo 14:00-18:00')).toEqual(weekly({ Mo: [range('09:00', '12:00'), range('14:00', '18:00')] }));
    // The earlier rule for Saturday does not cut Friday's tail.
    expect(weeklyHoursOf('Sa off; Fr 22:00-02:00')).toEqual(weekly({ Fr: [range('22:00', '02:00')] }));
  });

  it.each([
    ['months', 'Jan-Mar Mo-Fr 09:00-17:00'],
    ['weeks', 'week 1-26 Mo-Fr 09:00-17:00'],
    ['sunrise', 'Mo-Fr sunrise-sunset'],
    ['a comment', 'Mo-Fr 09:00-17:00 "call first"'],
    ['a fallback rule', 'Mo-Fr 09:00-17:00 || "by appointment"'],
    ['open', 'open'],
    ['unknown', 'unknown'],
    ['open-ended', 'Mo-Fr 09:00+'],
    ['school holidays', 'Mo-Fr 09:00-17:00; SH off'],
    ['public holidays with hours', 'Mo-Fr 09:00-17:00; PH 10:00-12:00'],
    ['public holidays off before other rules', 'PH off; Mo-Fr 09:00-17:00'],
    ['24/7 with exceptions', '24/7; Su off'],
    ['three ranges a day', 'Mo 08:00-09:00,10:00-11:00,12:00-13:00'],
    ['three ranges by an additional rule', 'Mo 08:00-09:00,10:00-11:00, Mo 12:00-13:00'],
    ['overlapping ranges', 'Mo 09:00-12:00,11:00-13:00'],
    ['a tail past midnight cut by a later rule', 'Fr 22:00-02:00; Sa 10:00-12:00'],
    ['an additional off rule', 'Mo-Fr 09:00-17:00, Sa off'],
    ['an empty range', 'Mo 09:00-09:00'],
    ['hours past 24', 'Mo 22:00-26:00'],
    ['lower-case days', 'mo-fr 09:00-17:00'],
    ['a dangling comma', 'Mo 09:00-17:00,'],
    ['an empty rule', 'Mo 09:00-17:00; ; Sa off'],
    ['nothing', ''],
    ['days without hours', 'Mo-Fr'],
  ])('answers null for %s', (_name, text) => {
    expect(weeklyHoursOf(text)).toBeNull();
  });
});

describe('weeklyHoursProblem', () => {
  it('accepts valid models, 24/7 whatever its days, and ranges past midnight', () => {
    expect(weeklyHoursProblem(EMPTY_WEEKLY_HOURS)).toBeNull();
    expect(weeklyHoursProblem(weekly({ Fr: [range('10:00', '14:00'), range('22:00', '02:00')], Sa: [range('02:00', '06:00')] }))).toBeNull();
    expect(weeklyHoursProblem(weekly({ Mo: [range('00:00', '24:00')] }))).toBeNull();
    expect(weeklyHoursProblem(weekly({ Mo: [range('bad', 'worse')] }, { alwaysOpen: true }))).toBeNull();
  });

  it.each([
    ['7:30', '12:00'],
    ['07:30', '12'],
    ['24:00', '02:00'],
    ['07:60', '12:00'],
    ['25:00', '26:00'],
    ['', '12:00'],
  ])('asks for HH:MM times: %s-%s', (from, to) => {
    expect(weeklyHoursProblem(weekly({ We: [range(from, to)] }))).toBe('Enter times as HH:MM, like 07:30.');
  });

  it('refuses an empty range, more than two ranges, and overlaps within a day or into the next', () => {
    expect(weeklyHoursProblem(weekly({ Mo: [range('09:00', '09:00')] }))).toBe('A range must not start and end at the same time.');
    expect(weeklyHoursProblem(weekly({ Tu: [range('06:00', '07:00'), range('08:00', '09:00'), range('10:00', '11:00')] }))).toBe(
      'Tuesday can have at most two ranges.',
    );
    expect(weeklyHoursProblem(weekly({ Mo: [range('09:00', '12:00'), range('11:30', '14:00')] }))).toBe(
      'The two ranges on Monday overlap.',
    );
    expect(weeklyHoursProblem(weekly({ Sa: [range('20:00', '01:00'), range('23:00', '23:30')] }))).toBe(
      'The two ranges on Saturday overlap.',
    );
    expect(weeklyHoursProblem(weekly({ Su: [range('22:00', '03:00')], Mo: [range('02:30', '05:00')] }))).toBe(
      "Sunday's hours past midnight run into Monday's.",
    );
    // Touching is not overlapping.
    expect(weeklyHoursProblem(weekly({ Mo: [range('09:00', '12:00'), range('12:00', '14:00')] }))).toBeNull();
    expect(weeklyHoursProblem(weekly({ Su: [range('22:00', '03:00')], Mo: [range('03:00', '05:00')] }))).toBeNull();
  });
});

/** mulberry32: a small seeded PRNG, so a failing model can be found again. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('round trip', () => {
  const FROMS = ['00:00', '06:30', '07:00', '09:00', '11:45', '13:00', '17:00', '20:00', '22:00', '23:30'];
  const TOS = ['00:00', '02:00', '04:15', '10:00', '12:00', '14:30', '18:00', '21:00', '23:59', '24:00'];

  function randomModel(random: () => number): WeeklyHours {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const randomRanges = (): TimeRange[] => {
      const count = pick([0, 1, 1, 1, 2]);
      return Array.from({ length: count }, () => range(pick(FROMS), pick(TOS)));
    };
    let previous = randomRanges();
    const days = {} as Record<Weekday, TimeRange[]>;
    for (const day of WEEKDAYS) {
      // Often the same as the day before, so rules group days.
      if (random() >= 0.5) previous = randomRanges();
      days[day] = previous.map((each) => ({ ...each }));
    }
    return { alwaysOpen: random() < 0.1, days, publicHolidaysClosed: random() < 0.3 };
  }

  it('reads back every valid model exactly, from a text that is its own canonical form', () => {
    const random = seededRandom(31);
    let checked = 0;
    let pastMidnight = 0;
    let additionalRules = 0;
    for (let attempt = 0; attempt < 3000 && checked < 400; attempt += 1) {
      const model = randomModel(random);
      if (weeklyHoursProblem(model) !== null) continue;
      const text = weeklyHoursText(model);
      const expected = model.alwaysOpen ? { ...model, days: EMPTY_WEEKLY_HOURS.days } : model;
      expect(weeklyHoursOf(text), text).toEqual(expected);
      expect(weeklyHoursText(weeklyHoursOf(text) as WeeklyHours)).toBe(text);
      checked += 1;
      if (!model.alwaysOpen && WEEKDAYS.some((day) => model.days[day].some((each) => each.to < each.from))) pastMidnight += 1;
      if (/\d, [A-Z]/.test(text)) additionalRules += 1;
    }
    // The models reach the cases that matter, not only the easy ones.
    expect(checked).toBe(400);
    expect(pastMidnight).toBeGreaterThan(50);
    expect(additionalRules).toBeGreaterThan(10);
  });
});
