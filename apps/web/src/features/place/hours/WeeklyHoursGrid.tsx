import { WEEKDAY_NAMES, WEEKDAYS, type Weekday, type WeeklyHours } from '@siplog/contracts';
import { addSecondRange, copyToAllDays, MAX_RANGES_PER_DAY, removeRange, setDayOpen, setRangeTime, timeInputValue } from './hours-draft';

interface WeeklyHoursGridProps {
  model: WeeklyHours;
  /** 24/7, or text the grid can't show. */
  disabled: boolean;
  onChange: (model: WeeklyHours) => void;
}

/** One weekday: open or closed, its range (two for a split day), and copying an open day's hours to every day. */
function DayRow({ day, model, onChange }: { day: Weekday; model: WeeklyHours; onChange: (model: WeeklyHours) => void }) {
  const name = WEEKDAY_NAMES[day];
  const ranges = model.days[day];
  const open = ranges.length > 0;
  return (
    <div className={`hours-editor__day${open ? '' : ' is-closed'}`} role="group" aria-label={name} data-day={day}>
      <span className="hours-editor__day-name" aria-hidden="true">
        {name}
      </span>
      <label className="hours-editor__open">
        <input type="checkbox" checked={open} onChange={(event) => onChange(setDayOpen(model, day, event.target.checked))} aria-label={`Open on ${name}`} />
        <span aria-hidden="true">Open</span>
      </label>
      <div className="hours-editor__ranges">
        {!open && <span className="hours-editor__closed">Closed</span>}
        {ranges.map((range, index) => {
          const which = index === 0 ? '' : ' (second range)';
          return (
            <div key={index} className="hours-editor__range">
              <input
                type="time"
                value={timeInputValue(range.from)}
                aria-label={`${name} opens${which}`}
                onChange={(event) => onChange(setRangeTime(model, day, index, 'from', event.target.value))}
              />
              <span aria-hidden="true">–</span>
              <input
                type="time"
                value={timeInputValue(range.to)}
                aria-label={`${name} closes${which}`}
                onChange={(event) => onChange(setRangeTime(model, day, index, 'to', event.target.value))}
              />
              {index > 0 && (
                <button type="button" className="hours-editor__link" aria-label={`Remove ${name}'s second range`} onClick={() => onChange(removeRange(model, day, index))}>
                  Remove
                </button>
              )}
            </div>
          );
        })}
      </div>
      {open && (
        <div className="hours-editor__day-actions">
          {ranges.length < MAX_RANGES_PER_DAY && (
            <button type="button" className="hours-editor__link" aria-label={`Add a second range on ${name}`} onClick={() => onChange(addSecondRange(model, day))}>
              + Add a second range
            </button>
          )}
          <button type="button" className="hours-editor__link" aria-label={`Copy to all days from ${name}`} onClick={() => onChange(copyToAllDays(model, day))}>
            Copy to all days
          </button>
        </div>
      )}
    </div>
  );
}

/** The week, Monday first, as the weekly editor shows it; a disabled fieldset greys and locks every control at once. */
export function WeeklyHoursGrid({ model, disabled, onChange }: WeeklyHoursGridProps) {
  return (
    <fieldset className="hours-editor__week" disabled={disabled}>
      <legend className="visually-hidden">Hours each day</legend>
      {WEEKDAYS.map((day) => (
        <DayRow key={day} day={day} model={model} onChange={onChange} />
      ))}
    </fieldset>
  );
}
