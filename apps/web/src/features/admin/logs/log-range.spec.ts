import { describe, expect, it } from 'vitest';
import { decodeLogLines, LOG_RANGE_MESSAGES, logFilesInRange, matchingLines, parseKeywords, parseLogDate, withKeyword } from './log-range';

const day = (year: number, month: number, date: number) => new Date(year, month - 1, date);

describe('the admin log range', () => {
  it('reads typed dates in MM/dd/yy and refuses anything that is no real date', () => {
    expect(parseLogDate('11/23/26')).toEqual(day(2026, 11, 23));
    expect(parseLogDate(' 02/28/26 ')).toEqual(day(2026, 2, 28));
    for (const text of ['02/30/26', '13/01/26', '11/23/2026', '1/2/26', 'yesterday', '', '11-23-26']) {
      expect(parseLogDate(text), text).toBeNull();
    }
  });

  it('lists one file per day, both ends included, across months and a leap day', () => {
    expect(logFilesInRange(day(2028, 2, 28), day(2028, 3, 1))).toEqual({
      files: ['application-2028-02-28.log', 'application-2028-02-29.log', 'application-2028-03-01.log'],
    });
    expect(logFilesInRange(day(2026, 11, 23), day(2026, 11, 23))).toEqual({ files: ['application-2026-11-23.log'] });
  });

  it('refuses a reversed, missing or over-long range with a clear message', () => {
    expect(logFilesInRange(day(2026, 11, 24), day(2026, 11, 23))).toEqual({ error: LOG_RANGE_MESSAGES.reversed });
    expect(logFilesInRange(null, day(2026, 11, 23))).toEqual({ error: LOG_RANGE_MESSAGES.missing });
    expect(logFilesInRange(day(2025, 11, 22), day(2026, 11, 23))).toEqual({ error: LOG_RANGE_MESSAGES.tooLong });
    expect('files' in logFilesInRange(day(2025, 11, 23), day(2026, 11, 23))).toBe(true);
  });

  it('counts lines with any keyword, case-insensitively, and every line without one', () => {
    const lines = ['INFO Registration successful: ann', 'INFO Referred visit: / from https://www.google.com', 'INFO Login successful: ann', 'INFO Account deactivated (unsubscribe): ben'];
    expect(matchingLines(lines, parseKeywords('registration SUCCESSFUL'))).toEqual([lines[0]]);
    expect(matchingLines(lines, parseKeywords(' google.com , Unsubscribe,'))).toEqual([lines[1], lines[3]]);
    expect(matchingLines(lines, parseKeywords(' , '))).toEqual(lines);
  });

  it('adds a quick pick once', () => {
    expect(withKeyword('', 'unsubscribe')).toBe('unsubscribe');
    expect(withKeyword('google.com,', 'unsubscribe')).toBe('google.com, unsubscribe');
    expect(withKeyword('google.com, Unsubscribe', 'unsubscribe')).toBe('google.com, Unsubscribe');
  });

  it("decodes the server's base64 UTF-8 into lines", () => {
    const text = 'first line\r\nCafé ☕ line\n\n';
    const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(text)));
    expect(decodeLogLines(base64)).toEqual(['first line', 'Café ☕ line']);
  });
});
