import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGES } from '@siplog/contracts';
import { checkForgotPassword, checkLogin, httpStatusOf, normalizeEmailInput, specificServerMessage } from './login-form';

const trpcError = (message: string, httpStatus?: number) =>
  Object.assign(new Error(message), httpStatus ? { data: { code: 'X', httpStatus } } : { data: undefined });

describe('login form', () => {
  it('strips spaces from the e-mail and lower-cases it', () => {
    expect(normalizeEmailInput(' Ann.Lee @Example.COM')).toBe('ann.lee@example.com');
  });

  it('needs an e-mail and a password', () => {
    expect(checkLogin({ email: '', password: 'x' })).toEqual({ ok: false });
    expect(checkLogin({ email: 'ann@example.com', password: '' })).toEqual({ ok: false });
    expect(checkLogin({ email: 'ann@example.com', password: 'Secret12' })).toEqual({
      ok: true,
      request: { email: 'ann@example.com', password: 'Secret12' },
    });
  });

  it("checks the 'Email Password' address: required, then valid", () => {
    expect(checkForgotPassword('')).toEqual({ ok: false, message: FORGOT_PASSWORD_MESSAGES.emailRequired });
    expect(checkForgotPassword('ann@')).toEqual({ ok: false, message: FORGOT_PASSWORD_MESSAGES.emailInvalid });
    expect(checkForgotPassword('ann@example.com')).toEqual({ ok: true, email: 'ann@example.com' });
  });
});

describe('server errors', () => {
  it('reads the HTTP status of a tRPC failure', () => {
    expect(httpStatusOf(trpcError('Too many', 429))).toBe(429);
    expect(httpStatusOf(trpcError('Failed to fetch'))).toBeUndefined();
    expect(httpStatusOf('nope')).toBeUndefined();
  });

  it("passes on the server's message only for refusals a person can act on", () => {
    expect(specificServerMessage(trpcError('Invalid code', 400))).toBe('Invalid code');
    expect(specificServerMessage(trpcError('Too many requests', 429))).toBe('Too many requests');
    expect(specificServerMessage(trpcError('Something went wrong', 500))).toBeNull();
    expect(specificServerMessage(trpcError('Failed to fetch'))).toBeNull();
  });
});
