import {
  EMPTY_WEEKLY_HOURS,
  HOURS_LIMITS,
  HOURS_MESSAGES,
  WEEKDAYS,
  weeklyHoursOf,
  weeklyHoursProblem,
  weeklyHoursText,
  type TimeRange,
  type Weekday,
  type WeeklyHours,
} from '@siplog/contracts';

/**
 * The hours editor's state: the `opening_hours` text that would be sent, and the weekly grid's reading of it. Either
 * side may change and the other follows, as long as the grid can show the text; when it can't (months, sunrise,
 * comments…), `model` is null and only the text can be edited.
 */
export interface HoursDraft {
  text: string;
  model: WeeklyHours | null;
}

/** The most ranges a day has in the weekly editor: a split day. */
export const MAX_RANGES_PER_DAY = 2;

/** A day just switched to open, when no other day is open to copy. */
const DEFAULT_RANGE: TimeRange = { from: '09:00', to: '17:00' };

/** The text of a place's hours ('' for none) as the editor starts from it. */
export function draftOf(openingHours: string): HoursDraft {
  return withText(openingHours);
}

/** The person typed the text (Advanced): the grid follows when it can show it. */
export function withText(text: string): HoursDraft {
  return { text, model: text.trim() === '' ? EMPTY_WEEKLY_HOURS : weeklyHoursOf(text) };
}

/** The person changed the grid: the text follows, written the canonical way. */
export function withModel(model: WeeklyHours): HoursDraft {
  return { text: weeklyHoursText(model), model };
}

function withDay(model: WeeklyHours, day: Weekday, ranges: TimeRange[]): WeeklyHours {
  return { ...model, days: { ...model.days, [day]: ranges } };
}

/** Opens a day with the hours of the nearest open day before it (most places keep the same hours), else 9 to 5; closing clears it. */
export function setDayOpen(model: WeeklyHours, day: Weekday, open: boolean): WeeklyHours {
  if (!open) return withDay(model, day, []);
  const index = WEEKDAYS.indexOf(day);
  const earlier = WEEKDAYS.slice(0, index).reverse().find((other) => model.days[other].length > 0);
  return withDay(model, day, earlier ? model.days[earlier].map((range) => ({ ...range })) : [{ ...DEFAULT_RANGE }]);
}

/** One end of one range of a day, as the time input gives it ('' when cleared: weeklyHoursProblem says so). */
export function setRangeTime(model: WeeklyHours, day: Weekday, index: number, end: keyof TimeRange, time: string): WeeklyHours {
  return withDay(
    model,
    day,
    model.days[day].map((range, at) => (at === index ? { ...range, [end]: time } : range)),
  );
}

function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A split day: a second range an hour after the first closes, three hours long (a lunch break's afternoon), kept
 * within the day; the person then sets its times.
 */
export function addSecondRange(model: WeeklyHours, day: Weekday): WeeklyHours {
  const ranges = model.days[day];
  if (ranges.length === 0 || ranges.length >= MAX_RANGES_PER_DAY) return model;
  const firstEnd = minutesOf(ranges[0].to);
  const firstStart = minutesOf(ranges[0].from);
  const endsSameDay = firstEnd !== null && firstStart !== null && firstEnd > firstStart && firstEnd <= 20 * 60;
  const from = endsSameDay ? firstEnd + 60 : 18 * 60;
  return withDay(model, day, [...ranges, { from: timeOf(from), to: timeOf(Math.min(from + 180, 23 * 60 + 59)) }]);
}

export function removeRange(model: WeeklyHours, day: Weekday, index: number): WeeklyHours {
  return withDay(
    model,
    day,
    model.days[day].filter((_, at) => at !== index),
  );
}

/** Every day gets this day's hours (open or closed). */
export function copyToAllDays(model: WeeklyHours, day: Weekday): WeeklyHours {
  const ranges = model.days[day];
  return { ...model, days: Object.fromEntries(WEEKDAYS.map((other) => [other, ranges.map((range) => ({ ...range }))])) as Record<Weekday, TimeRange[]> };
}

/** A time input cannot show 24:00; midnight at a range's end reads the same as 00:00 there. */
export function timeInputValue(time: string): string {
  return time === '24:00' ? '00:00' : time;
}

/**
 * What to send, checked before sending: '' clears the hours; a grid the contracts find wrong, or a text over the
 * limit, gives the message instead. Text the grid can't show goes as typed: the server's parser is the judge.
 */
export function draftToSend(draft: HoursDraft): { ok: true; text: string } | { ok: false; message: string } {
  const text = draft.text.trim();
  if (text === '') return { ok: true, text: '' };
  if (text.length > HOURS_LIMITS.textMax) return { ok: false, message: HOURS_MESSAGES.tooLong };
  const problem = draft.model ? weeklyHoursProblem(draft.model) : null;
  return problem ? { ok: false, message: problem } : { ok: true, text };
}
