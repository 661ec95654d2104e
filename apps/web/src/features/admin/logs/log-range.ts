import { addDays, differenceInCalendarDays, format, isValid, parse, startOfDay } from 'date-fns';

/** The pickers' format (spec §2 FR Logs: MM/dd/yy). */
export const LOG_DATE_FORMAT = 'MM/dd/yy';
/** The longest range one Load reads: a year of days is 366 calls already. */
export const LOG_RANGE_MAX_DAYS = 366;

export const LOG_RANGE_MESSAGES = {
  reversed: 'The start date must be on or before the end date.',
  tooLong: `Choose a range of at most ${LOG_RANGE_MAX_DAYS} days.`,
  missing: 'Choose a start and an end date.',
} as const;

/** A typed date as the picker's format reads it, or null when it is no real date (02/30/26, 13/01/26, text). */
export function parseLogDate(text: string): Date | null {
  const trimmed = text.trim();
  if (!/^\d{2}\/\d{2}\/\d{2}$/.test(trimmed)) return null;
  const date = parse(trimmed, LOG_DATE_FORMAT, new Date());
  return isValid(date) ? startOfDay(date) : null;
}

/**
 * The log file of each day from start to end, inclusive, oldest first (design: application-YYYY-MM-DD.log, one per
 * day), or why the range cannot be read.
 */
export function logFilesInRange(start: Date | null, end: Date | null): { files: string[] } | { error: string } {
  if (!start || !end) return { error: LOG_RANGE_MESSAGES.missing };
  const days = differenceInCalendarDays(end, start) + 1;
  if (days < 1) return { error: LOG_RANGE_MESSAGES.reversed };
  if (days > LOG_RANGE_MAX_DAYS) return { error: LOG_RANGE_MESSAGES.tooLong };
  return { files: Array.from({ length: days }, (_, day) => `application-${format(addDays(start, day), 'yyyy-MM-dd')}.log`) };
}

/** The comma-separated keywords, trimmed and lower-cased; blanks dropped. */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((keyword) => keyword.trim().toLowerCase())
    .filter((keyword) => keyword.length > 0);
}

/** The lines that count (spec §9): those holding any keyword, case-insensitively; with no keyword, every line. */
export function matchingLines(lines: readonly string[], keywords: readonly string[]): string[] {
  if (keywords.length === 0) return [...lines];
  return lines.filter((line) => {
    const lower = line.toLowerCase();
    return keywords.some((keyword) => lower.includes(keyword));
  });
}

/** Adds a quick pick to the keyword box, unless it is already there. */
export function withKeyword(text: string, keyword: string): string {
  if (parseKeywords(text).includes(keyword.toLowerCase())) return text;
  const kept = text.trim().replace(/,\s*$/, '');
  return kept ? `${kept}, ${keyword}` : keyword;
}

/** One day's log as the server sends it: base64 of UTF-8 text, split into its non-empty lines. */
export function decodeLogLines(base64: string): string[] {
  const binary = atob(base64);
  // A plain loop: Uint8Array.from with a map function is several times slower on a 5 MB day.
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes).split(/\r?\n/).filter((line) => line.length > 0);
}
