import { EMPTY_WEEKLY_HOURS, HOURS_MESSAGES, HOURS_LIMITS, WEEKDAYS, weeklyHoursText } from '@siplog/contracts';
import { describe, expect, it } from 'vitest';
import { addSecondRange, copyToAllDays, draftOf, draftToSend, removeRange, setDayOpen, setRangeTime, timeInputValue, withModel, withText } from './hours-draft';

describe('the hours editor draft', () => {
  it('starts from the place text, the grid reading it when it can', () => {
    const draft = draftOf('Mo-Fr 07:00-18:00');
    expect(draft.text).toBe('Mo-Fr 07:00-18:00');
    expect(draft.model?.days.Mo).toEqual([{ from: '07:00', to: '18:00' }]);
    expect(draft.model?.days.Sa).toEqual([]);
  });

  it('starts empty, every day closed, for a place without hours', () => {
    expect(draftOf('')).toEqual({ text: '', model: EMPTY_WEEKLY_HOURS });
  });

  it('has no grid for text it cannot show, and gets it back when the text becomes plain again', () => {
    expect(withText('Jan-Mar Mo-Fr 08:00-12:00').model).toBeNull();
    expect(withText('sunrise-sunset').model).toBeNull();
    const plain = withText('Sa 08:00-14:00');
    expect(plain.model?.days.Sa).toEqual([{ from: '08:00', to: '14:00' }]);
    expect(plain.text).toBe('Sa 08:00-14:00');
  });

  it('writes the grid as text, and the text reads back as the same grid', () => {
    const model = setDayOpen(EMPTY_WEEKLY_HOURS, 'Mo', true);
    const draft = withModel(model);
    expect(draft.text).toBe(weeklyHoursText(model));
    expect(withText(draft.text).model).toEqual(model);
  });

  it('opens a day with the hours of the nearest open day before it, else 9 to 5', () => {
    const monday = setDayOpen(EMPTY_WEEKLY_HOURS, 'Mo', true);
    expect(monday.days.Mo).toEqual([{ from: '09:00', to: '17:00' }]);
    const early = setRangeTime(monday, 'Mo', 0, 'from', '07:30');
    expect(setDayOpen(early, 'We', true).days.We).toEqual([{ from: '07:30', to: '17:00' }]);
    expect(setDayOpen(early, 'Mo', false).days.Mo).toEqual([]);
  });

  it('adds a second range after the first, at most two, and removes it', () => {
    const morning = setRangeTime(setDayOpen(EMPTY_WEEKLY_HOURS, 'Tu', true), 'Tu', 0, 'to', '12:00');
    const split = addSecondRange(morning, 'Tu');
    expect(split.days.Tu).toEqual([
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '16:00' },
    ]);
    expect(addSecondRange(split, 'Tu')).toBe(split);
    expect(addSecondRange(EMPTY_WEEKLY_HOURS, 'Tu')).toBe(EMPTY_WEEKLY_HOURS);
    expect(removeRange(split, 'Tu', 1).days.Tu).toEqual([{ from: '09:00', to: '12:00' }]);
  });

  it('keeps a late second range within the day, and after an overnight first range starts it in the evening', () => {
    const late = setRangeTime(setDayOpen(EMPTY_WEEKLY_HOURS, 'Fr', true), 'Fr', 0, 'to', '21:30');
    expect(addSecondRange(late, 'Fr').days.Fr[1]).toEqual({ from: '18:00', to: '21:00' });
    const evening = setRangeTime(setRangeTime(setDayOpen(EMPTY_WEEKLY_HOURS, 'Fr', true), 'Fr', 0, 'from', '06:00'), 'Fr', 0, 'to', '19:30');
    expect(addSecondRange(evening, 'Fr').days.Fr[1]).toEqual({ from: '20:30', to: '23:30' });
  });

  it('copies a day to every day, closed days included', () => {
    const split = addSecondRange(setDayOpen(EMPTY_WEEKLY_HOURS, 'Mo', true), 'Mo');
    const all = copyToAllDays(split, 'Mo');
    for (const day of WEEKDAYS) expect(all.days[day]).toEqual(split.days.Mo);
    expect(all.days.Su).not.toBe(all.days.Mo);
    expect(Object.values(copyToAllDays(setDayOpen(all, 'Su', false), 'Su').days).every((ranges) => ranges.length === 0)).toBe(true);
  });

  it('shows midnight at a range end as the time input can', () => {
    expect(timeInputValue('24:00')).toBe('00:00');
    expect(timeInputValue('07:05')).toBe('07:05');
  });

  it('sends the text, or says what is wrong first', () => {
    expect(draftToSend(withText('  '))).toEqual({ ok: true, text: '' });
    expect(draftToSend(withText(' Mo 08:00-12:00 '))).toEqual({ ok: true, text: 'Mo 08:00-12:00' });
    const cleared = setRangeTime(setDayOpen(EMPTY_WEEKLY_HOURS, 'Mo', true), 'Mo', 0, 'from', '');
    const problem = draftToSend(withModel(cleared));
    expect(problem.ok).toBe(false);
    expect(problem.ok ? '' : problem.message).toMatch(/HH:MM/);
    expect(draftToSend(withText('x'.repeat(HOURS_LIMITS.textMax + 1)))).toEqual({ ok: false, message: HOURS_MESSAGES.tooLong });
    // Text the grid can't show is the server's to judge.
    expect(draftToSend(withText('Jan-Mar Mo 08:00-12:00'))).toEqual({ ok: true, text: 'Jan-Mar Mo 08:00-12:00' });
  });
});
