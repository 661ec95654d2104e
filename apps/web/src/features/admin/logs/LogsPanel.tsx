import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { ADMIN_LOG_QUICK_PICKS, LIMITS } from '@siplog/contracts';
import { LogDateField } from './LogDateField';
import { logFilesInRange, matchingLines, parseKeywords, withKeyword } from './log-range';
import { useLogRange } from './useLogRange';

/** The text area shows at most this many of the counted lines (the newest): a month of logs would stall the page. */
const SHOWN_LINES_MAX = 5000;

function today(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Spec §2 FR Logs panel: keywords with quick picks, a day range, Load, Count# and the log text. */
export function LogsPanel() {
  const [keywords, setKeywords] = useState('');
  const [start, setStart] = useState<Date | null>(today);
  const [end, setEnd] = useState<Date | null>(today);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const { loaded, progress, load } = useLogRange();

  // A month of logs is a million lines or more: counting trails the typing instead of blocking it.
  const countedKeywords = useDeferredValue(keywords);
  const counted = useMemo(() => (loaded ? matchingLines(loaded.lines, parseKeywords(countedKeywords)) : []), [loaded, countedKeywords]);
  const shown = counted.length > SHOWN_LINES_MAX ? counted.slice(-SHOWN_LINES_MAX) : counted;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range = logFilesInRange(start, end);
    if ('error' in range) {
      setRangeError(range.error);
      return;
    }
    setRangeError(null);
    void load(range.files);
  };

  return (
    <section className="admin-panel" aria-labelledby="admin-logs-title">
      <h2 id="admin-logs-title" className="admin-panel__title">
        Foreclosure User Logs
      </h2>
      <form className="admin-logs__form" onSubmit={submit}>
        <div className="admin-logs__keywords">
          <label htmlFor="admin-log-keywords">Keywords</label>
          <div className="admin-logs__keyword-row">
            <input
              id="admin-log-keywords"
              type="text"
              value={keywords}
              maxLength={LIMITS.textFieldMax}
              placeholder="Comma-separated, e.g. login, error"
              onChange={(event) => setKeywords(event.target.value)}
            />
            <button type="button" className="button button--small" onClick={() => setKeywords('')} disabled={!keywords}>
              Clear
            </button>
          </div>
          <div className="admin-logs__picks" role="group" aria-label="Quick picks">
            {ADMIN_LOG_QUICK_PICKS.map((pick) => (
              <button key={pick} type="button" className="admin-chip" onClick={() => setKeywords((text) => withKeyword(text, pick))}>
                {pick}
              </button>
            ))}
          </div>
        </div>
        <div className="admin-logs__range">
          <LogDateField label="Start date" value={start} onChange={setStart} />
          <LogDateField label="End date" value={end} onChange={setEnd} />
          <button type="submit" className="button button--primary admin-logs__load" disabled={progress !== null}>
            {progress ? `Loading ${progress.done} of ${progress.total}…` : 'Load'}
          </button>
        </div>
        {rangeError && (
          <p className="admin-form-error" role="alert">
            {rangeError}
          </p>
        )}
      </form>
      <div className="admin-logs__result">
        <p className="admin-logs__count" aria-live="polite">
          Count# <output aria-label="Count">{loaded ? counted.length.toLocaleString('en-US') : 0}</output>
        </p>
        {loaded && (
          <p className="admin-muted">
            {loaded.nodes.length > 0 && `Logs of this server (node ${loaded.nodes.join(', ')}): `}
            {loaded.daysFound} of {loaded.daysAsked} {loaded.daysAsked === 1 ? 'day' : 'days'} had a log
            {loaded.daysTruncated > 0 && `; ${loaded.daysTruncated} too large, cut to their last part`}
            {counted.length > SHOWN_LINES_MAX && `. Showing the last ${SHOWN_LINES_MAX.toLocaleString('en-US')} counted lines`}.
          </p>
        )}
      </div>
      <label htmlFor="admin-log-text" className="visually-hidden">
        Log text
      </label>
      <textarea id="admin-log-text" className="admin-logs__text" readOnly value={shown.join('\n')} rows={16} spellCheck={false} />
    </section>
  );
}
