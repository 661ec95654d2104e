import { useId, useState } from 'react';
import DatePicker from 'react-datepicker';
import { addDays } from 'date-fns';
import { MISC_MESSAGES } from '@siplog/contracts';
import { LOG_DATE_FORMAT, parseLogDate } from './log-range';
import 'react-datepicker/dist/react-datepicker.css';

interface LogDateFieldProps {
  label: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
}

/**
 * One end of the log range: a date picker (MM/dd/yy, 12 years per year page, spec §9) between − and + buttons that
 * move it by a day. Typed text that is no date says 'Date input not valid.' and keeps the last good date.
 */
export function LogDateField({ label, value, onChange }: LogDateFieldProps) {
  const inputId = useId();
  const errorId = useId();
  const [invalid, setInvalid] = useState(false);

  const choose = (date: Date | null) => {
    setInvalid(false);
    onChange(date);
  };
  const step = (days: number) => value && choose(addDays(value, days));

  return (
    <div className="log-date">
      <label htmlFor={inputId}>{label}</label>
      <div className="log-date__row">
        <button type="button" className="icon-button icon-button--small" onClick={() => step(-1)} disabled={!value} aria-label={`${label}: one day earlier`}>
          −
        </button>
        <DatePicker
          id={inputId}
          selected={value}
          onChange={choose}
          onChangeRaw={(event) => {
            const target = event?.target;
            if (!(target instanceof HTMLInputElement)) return;
            const text = target.value.trim();
            setInvalid(text !== '' && parseLogDate(text) === null);
          }}
          dateFormat={LOG_DATE_FORMAT}
          placeholderText="MM/dd/yy"
          strictParsing
          yearItemNumber={12}
          timeIntervals={30}
          showPopperArrow={false}
          className="log-date__input"
          aria-invalid={invalid ? 'true' : undefined}
          aria-describedby={invalid ? errorId : undefined}
          autoComplete="off"
        />
        <button type="button" className="icon-button icon-button--small" onClick={() => step(1)} disabled={!value} aria-label={`${label}: one day later`}>
          +
        </button>
      </div>
      {invalid && (
        <p id={errorId} className="log-date__error" role="alert">
          {MISC_MESSAGES.dateInvalid.message}
        </p>
      )}
    </div>
  );
}
