/**
 * The weekly hours editor's model (issue 31) and its OpenStreetMap `opening_hours` text: the few shapes a plain editor
 * can show (days, up to two ranges a day, past midnight, closed, 24/7, public holidays closed), written in one
 * canonical way and read back. Anything richer is left to the 'Advanced' raw text: weeklyHoursOf answers null for it.
 */

export const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
};

/** 'HH:MM', 24 h. `to` not after `from` runs past midnight ('22:00'-'02:00'); `to` may be '24:00'. */
export interface TimeRange {
  from: string;
  to: string;
}

export interface WeeklyHours {
  /** '24/7'. The days are then ignored (an editor may keep them, to restore them when 24/7 is unticked). */
  alwaysOpen: boolean;
  /** [] = closed that day; at most 2 ranges a day (a split day). */
  days: Record<Weekday, TimeRange[]>;
  /** '; PH off'. */
  publicHolidaysClosed: boolean;
}

/** A value for each day. */
function byWeekday<T>(valueOf: (day: Weekday) => T): Record<Weekday, T> {
  const days = {} as Record<Weekday, T>;
  for (const day of WEEKDAYS) days[day] = valueOf(day);
  return days;
}

/** Frozen, so an editor that changes it in place fails loudly instead of changing every later copy. */
export const EMPTY_WEEKLY_HOURS: WeeklyHours = Object.freeze({
  alwaysOpen: false,
  days: Object.freeze(byWeekday(() => Object.freeze([]) as unknown as TimeRange[])),
  publicHolidaysClosed: false,
});

export const WEEKLY_HOURS_MESSAGES = {
  timeFormat: 'Enter times as HH:MM, like 07:30.',
  emptyRange: 'A range must not start and end at the same time.',
  tooManyRanges: (day: Weekday) => `${WEEKDAY_NAMES[day]} can have at most two ranges.`,
  rangesOverlap: (day: Weekday) => `The two ranges on ${WEEKDAY_NAMES[day]} overlap.`,
  runsIntoNextDay: (day: Weekday, next: Weekday) =>
    `${WEEKDAY_NAMES[day]}'s hours past midnight run into ${WEEKDAY_NAMES[next]}'s.`,
} as const;

const MINUTES_PER_DAY = 1440;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of 'HH:MM', or null; '24:00' only where it may end a range. */
function minutesOf(time: unknown, mayBeEndOfDay: boolean): number | null {
  if (typeof time !== 'string') return null;
  if (time === '24:00') return mayBeEndOfDay ? MINUTES_PER_DAY : null;
  const match = TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** [start, end) in minutes from the day's midnight; a range past midnight ends after 1440. */
function spanOf(range: TimeRange): [number, number] {
  const from = minutesOf(range.from, false) ?? 0;
  const to = minutesOf(range.to, true) ?? 0;
  return [from, to <= from ? to + MINUTES_PER_DAY : to];
}

/** Minutes into the next day that a range runs, 0 when it ends by midnight. */
function spillMinutes(range: TimeRange): number {
  return Math.max(0, spanOf(range)[1] - MINUTES_PER_DAY);
}

function nextWeekday(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % WEEKDAYS.length];
}

/** What is wrong with a model, as a sentence for its editor, or null. With alwaysOpen the days don't matter. */
export function weeklyHoursProblem(model: WeeklyHours): string | null {
  if (model.alwaysOpen) return null;
  for (const day of WEEKDAYS) {
    const ranges = model.days[day] ?? [];
    for (const range of ranges) {
      const from = minutesOf(range.from, false);
      const to = minutesOf(range.to, true);
      if (from === null || to === null) return WEEKLY_HOURS_MESSAGES.timeFormat;
      if (from === to) return WEEKLY_HOURS_MESSAGES.emptyRange;
    }
    if (ranges.length > 2) return WEEKLY_HOURS_MESSAGES.tooManyRanges(day);
    if (ranges.length === 2) {
      const [first, second] = ranges.map(spanOf);
      if (first[0] < second[1] && second[0] < first[1]) return WEEKLY_HOURS_MESSAGES.rangesOverlap(day);
    }
  }
  for (const day of WEEKDAYS) {
    const spill = Math.max(0, ...(model.days[day] ?? []).map(spillMinutes));
    const next = nextWeekday(day);
    if ((model.days[next] ?? []).some((range) => spanOf(range)[0] < spill)) {
      return WEEKLY_HOURS_MESSAGES.runsIntoNextDay(day, next);
    }
  }
  return null;
}

/** Ranges as they stand in a rule: '08:00-14:00,15:00-17:00'. */
function rangesText(ranges: TimeRange[]): string {
  return ranges.map((range) => `${range.from}-${range.to}`).join(',');
}

/** 'Mo-Fr', 'Sa,Su', 'Mo,We,Fr-Su': runs of three days or more as ranges. */
function daySelectorText(days: Weekday[]): string {
  const indexes = days.map((day) => WEEKDAYS.indexOf(day)).sort((a, b) => a - b);
  const parts: string[] = [];
  let runStart = 0;
  for (let position = 1; position <= indexes.length; position += 1) {
    if (position < indexes.length && indexes[position] === indexes[position - 1] + 1) continue;
    const run = indexes.slice(runStart, position).map((index) => WEEKDAYS[index]);
    parts.push(...(run.length >= 3 ? [`${run[0]}-${run[run.length - 1]}`] : run));
    runStart = position;
  }
  return parts.join(',');
}

/**
 * Where each range came from, to tell whether OpenStreetMap's reading keeps it whole: a normal rule (after ';') sets
 * whole days, so one coming after the rule of a range past midnight cuts that range's tail on the next day; an
 * additional rule (after ',') does not.
 */
interface PlacedDay {
  ranges: Array<{ range: TimeRange; rule: number }>;
  /** The last normal rule that set this day, -1 when none did. */
  normalRule: number;
}

function someTailIsCut(placed: Record<Weekday, PlacedDay>): boolean {
  return WEEKDAYS.some((day) =>
    placed[day].ranges.some(({ range, rule }) => spillMinutes(range) > 0 && placed[nextWeekday(day)].normalRule > rule),
  );
}

/**
 * The canonical `opening_hours` text of a model: 'Mo-Fr 07:00-18:00; Sa 08:00-14:00,15:00-17:00; Su off; PH off'.
 * Days with equal ranges share a rule, rules in the order of their first day, closed days last. When a later rule
 * would cut a range past midnight (OpenStreetMap's ';' rules replace whole days), the closed days come first and the
 * open rules are joined as additional rules (','), which never cut: 'Su off; Mo-Th 17:00-00:00, Fr,Sa 17:00-02:00'.
 */
export function weeklyHoursText(model: WeeklyHours): string {
  const holidays = model.publicHolidaysClosed ? '; PH off' : '';
  if (model.alwaysOpen) return `24/7${holidays}`;
  const groups = new Map<string, { ranges: TimeRange[]; days: Weekday[] }>();
  const closedDays: Weekday[] = [];
  for (const day of WEEKDAYS) {
    const ranges = model.days[day] ?? [];
    if (ranges.length === 0) {
      closedDays.push(day);
      continue;
    }
    const key = rangesText(ranges);
    const group = groups.get(key) ?? { ranges, days: [] };
    group.days.push(day);
    groups.set(key, group);
  }
  if (groups.size === 0) return `off${holidays}`;
  const openRules = [...groups.values()].map((group) => `${daySelectorText(group.days)} ${rangesText(group.ranges)}`);
  const offRule = closedDays.length > 0 ? [`${daySelectorText(closedDays)} off`] : [];

  const placed = byWeekday<PlacedDay>(() => ({ ranges: [], normalRule: -1 }));
  [...groups.values()].forEach((group, rule) => {
    for (const day of group.days) placed[day] = { ranges: group.ranges.map((range) => ({ range, rule })), normalRule: rule };
  });
  for (const day of closedDays) placed[day] = { ranges: [], normalRule: groups.size };
  if (!someTailIsCut(placed)) return [...openRules, ...offRule].join('; ') + holidays;
  return [...offRule, openRules.join(', ')].join('; ') + holidays;
}

const DAY = '(?:Mo|Tu|We|Th|Fr|Sa|Su)';
const DAY_ITEM = `${DAY}(?:-${DAY})?`;
const TIME = '\\d{1,2}:\\d{2}';
const RANGE = `${TIME}-${TIME}`;
/** One rule of a normalized segment: optional days, then 'off' or ranges, then ',' (another rule follows) or the end. */
const RULE_PATTERN = new RegExp(`(?:(${DAY_ITEM}(?:,${DAY_ITEM})*) )?(off|closed|${RANGE}(?:,${RANGE})*)(,|$)`, 'y');
const HOLIDAYS_CLOSED_PATTERN = /^PH (?:off|closed)$/;

/** 'Mo-Fr,Su' → its days; a range may wrap the week's end ('Fr-Mo'). */
function selectedDays(selector: string | undefined): Weekday[] {
  if (selector === undefined) return [...WEEKDAYS];
  const days = new Set<Weekday>();
  for (const item of selector.split(',')) {
    const [first, last = first] = item.split('-').map((day) => WEEKDAYS.indexOf(day as Weekday));
    for (let offset = 0; offset <= (last - first + 7) % 7; offset += 1) days.add(WEEKDAYS[(first + offset) % 7]);
  }
  return [...days];
}

/** '9:00' → '09:00'. */
function paddedTime(time: string): string {
  return time.padStart(5, '0');
}

function rangesOf(body: string): TimeRange[] {
  return body.split(',').map((pair) => {
    const [from, to] = pair.split('-');
    return { from: paddedTime(from), to: paddedTime(to) };
  });
}

/** Whitespace to single spaces, none around '-', ',' and ':'. */
function normalizedSegment(segment: string): string {
  return segment.trim().replace(/\s+/g, ' ').replace(/ ?([-,:]) ?/g, '$1');
}

/**
 * The model of an `opening_hours` text, or null when the plain editor can't show it exactly (months, weeks, sunrise,
 * comments, 'open'/'unknown', more than two ranges a day, rules overlapping other than a later rule replacing whole
 * days, a range past midnight cut by a later rule, an invalid time): the editor then opens on the raw text.
 */
export function weeklyHoursOf(text: string): WeeklyHours | null {
  if (typeof text !== 'string') return null;
  const segments = text.split(';').map(normalizedSegment);
  // A trailing ';' is harmless.
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  let publicHolidaysClosed = false;
  if (segments.length > 1 && HOLIDAYS_CLOSED_PATTERN.test(segments[segments.length - 1])) {
    segments.pop();
    publicHolidaysClosed = true;
  }
  if (segments.length === 1 && HOLIDAYS_CLOSED_PATTERN.test(segments[0])) {
    return { ...emptyModel(), publicHolidaysClosed: true };
  }
  if (segments.length === 1 && segments[0] === '24/7') return { ...emptyModel(), alwaysOpen: true, publicHolidaysClosed };

  const placed = byWeekday<PlacedDay>(() => ({ ranges: [], normalRule: -1 }));
  let rule = 0;
  for (const segment of segments) {
    if (segment === '') return null;
    RULE_PATTERN.lastIndex = 0;
    let isNormal = true;
    while (RULE_PATTERN.lastIndex < segment.length) {
      const match = RULE_PATTERN.exec(segment);
      if (!match) return null;
      const [, selector, body, separator] = match;
      const closed = body === 'off' || body === 'closed';
      // An additional 'off' reads as closed for the whole days, OpenStreetMap's tools warn: not the editor's meaning.
      if (closed && !isNormal) return null;
      const ranges = closed ? [] : rangesOf(body);
      for (const day of selectedDays(selector)) {
        const added = ranges.map((range) => ({ range, rule }));
        placed[day] = isNormal ? { ranges: added, normalRule: rule } : { ...placed[day], ranges: [...placed[day].ranges, ...added] };
      }
      rule += 1;
      isNormal = false;
      // A ',' must lead to another rule.
      if (separator === ',' && RULE_PATTERN.lastIndex >= segment.length) return null;
    }
  }
  if (someTailIsCut(placed)) return null;
  const model: WeeklyHours = {
    alwaysOpen: false,
    days: byWeekday((day) => placed[day].ranges.map(({ range }) => range)),
    publicHolidaysClosed,
  };
  return weeklyHoursProblem(model) === null ? model : null;
}

function emptyModel(): WeeklyHours {
  return {
    alwaysOpen: false,
    days: byWeekday((): TimeRange[] => []),
    publicHolidaysClosed: false,
  };
}
