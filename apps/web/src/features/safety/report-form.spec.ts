import { describe, expect, it } from 'vitest';
import { LIMITS, SAFETY_MESSAGES } from '@siplog/contracts';
import { forwardServerOf, noteCount, noteRemainingText, reportFailureMessage, reportInput, reportTargetName, reportTitle } from './report-form';

/** A tRPC client error as the hooks reject with it: a message and the HTTP status in `data`. */
const failure = (httpStatus: number | undefined, message: string) => Object.assign(new Error(message), { data: httpStatus ? { httpStatus } : null });

describe('reportTitle', () => {
  it('names what is reported', () => {
    expect(reportTitle({ kind: 'post', id: 3 })).toBe('Report this review');
    expect(reportTitle({ kind: 'comment', id: 9 })).toBe('Report this comment');
    expect(reportTitle({ kind: 'user', username: 'benortiz' })).toBe('Report @benortiz');
    expect(reportTitle({ kind: 'remote_comment', id: 4, handle: 'ann@peer.example' })).toBe('Report this reply');
    expect(reportTitle({ kind: 'remote_user', handle: 'ann@peer.example' })).toBe('Report @ann@peer.example');
    expect(reportTitle({ kind: 'hours_change', id: 4 })).toBe('Report this change of hours');
  });
});

describe('forwardServerOf', () => {
  it("names the server of someone elsewhere, from their handle's host", () => {
    expect(forwardServerOf({ kind: 'remote_comment', id: 4, handle: 'ann@peer.example' })).toBe('peer.example');
    expect(forwardServerOf({ kind: 'remote_user', handle: 'ann@social.other.example' })).toBe('social.other.example');
  });

  it('offers no forwarding for people here or a handle without a host', () => {
    expect(forwardServerOf({ kind: 'comment', id: 9 })).toBeNull();
    expect(forwardServerOf({ kind: 'user', username: 'benortiz' })).toBeNull();
    expect(forwardServerOf({ kind: 'remote_user', handle: 'ann@' })).toBeNull();
  });

  it('names the target in the log', () => {
    expect(reportTargetName({ kind: 'remote_comment', id: 4, handle: 'ann@peer.example' })).toBe('remote_comment 4');
    expect(reportTargetName({ kind: 'remote_user', handle: 'ann@peer.example' })).toBe('remote_user ann@peer.example');
    expect(reportTargetName({ kind: 'user', username: 'benortiz' })).toBe('user benortiz');
  });
});

describe('the note count', () => {
  it('counts the characters against the limit', () => {
    expect(noteCount('')).toBe(`0/${LIMITS.reportNoteMax}`);
    expect(noteCount('Rude.')).toBe(`5/${LIMITS.reportNoteMax}`);
  });

  it('says what is left only near the limit', () => {
    expect(noteRemainingText('x'.repeat(LIMITS.reportNoteMax - 51))).toBe('');
    expect(noteRemainingText('x'.repeat(LIMITS.reportNoteMax - 50))).toBe('50 characters left');
    expect(noteRemainingText('x'.repeat(LIMITS.reportNoteMax - 1))).toBe('1 character left');
    expect(noteRemainingText('x'.repeat(LIMITS.reportNoteMax))).toBe('0 characters left');
  });
});

describe('reportInput', () => {
  it('asks for a reason first', () => {
    expect(reportInput({ kind: 'post', id: 3 }, null, 'note')).toEqual({ ok: false, message: 'Choose why you are reporting this.' });
  });

  it('sends a post or comment by id and a person by username, the note trimmed', () => {
    expect(reportInput({ kind: 'post', id: 3 }, 'spam', '  Same ad everywhere. ')).toEqual({
      ok: true,
      input: { kind: 'post', target_id: 3, reason: 'spam', note: 'Same ad everywhere.' },
    });
    expect(reportInput({ kind: 'user', username: 'benortiz' }, 'harassment', '')).toEqual({
      ok: true,
      input: { kind: 'user', target_id: 'benortiz', reason: 'harassment' },
    });
  });

  it('sends a reply from elsewhere by its comment_id and its author by handle, forwarding only when asked', () => {
    expect(reportInput({ kind: 'remote_comment', id: 4, handle: 'ann@peer.example' }, 'spam', '', true)).toEqual({
      ok: true,
      input: { kind: 'remote_comment', target_id: 4, reason: 'spam', forward: true },
    });
    expect(reportInput({ kind: 'remote_user', handle: 'ann@peer.example' }, 'harassment', '')).toEqual({
      ok: true,
      input: { kind: 'remote_user', target_id: 'ann@peer.example', reason: 'harassment' },
    });
  });

  it('never asks to forward a report about someone here', () => {
    const answer = reportInput({ kind: 'comment', id: 9 }, 'spam', '', true);
    expect(answer.ok && 'forward' in answer.input).toBe(false);
  });

  it('leaves a blank note out', () => {
    const answer = reportInput({ kind: 'comment', id: 9 }, 'other', '   ');
    expect(answer.ok && 'note' in answer.input).toBe(false);
  });

  it("refuses a note over the limit with the contracts' message", () => {
    const answer = reportInput({ kind: 'post', id: 3 }, 'other', 'x'.repeat(LIMITS.reportNoteMax + 1));
    expect(answer).toEqual({ ok: false, message: `The note must be at most ${LIMITS.reportNoteMax} characters.` });
  });
});

describe('reportFailureMessage', () => {
  it("shows the server's reason when it refused the report", () => {
    expect(reportFailureMessage(failure(400, SAFETY_MESSAGES.reportOwn))).toBe(SAFETY_MESSAGES.reportOwn);
    expect(reportFailureMessage(failure(404, SAFETY_MESSAGES.reportTargetNotFound))).toBe(SAFETY_MESSAGES.reportTargetNotFound);
    expect(reportFailureMessage(failure(429, 'Too many reports. Please try again later.'))).toBe('Too many reports. Please try again later.');
  });

  it('asks to log in again when the session ended, and to retry after an outage', () => {
    expect(reportFailureMessage(failure(401, 'Unauthorized'))).toBe('Your session has ended. Log in again to send this report.');
    expect(reportFailureMessage(failure(500, 'Internal'))).toBe('Your report was not sent. Please try again.');
    expect(reportFailureMessage(new TypeError('Failed to fetch'))).toBe('Your report was not sent. Please try again.');
  });
});
