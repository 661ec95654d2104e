import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGES, normalizeEmail } from '@siplog/contracts';
import { checkForgotPassword, checkLogin } from './login-form';

describe('login form', () => {
  // The e-mail field applies the contracts' normalizeEmail as it is typed (spec §5 Login).
  it('strips spaces from the e-mail and lower-cases it', () => {
    expect(normalizeEmail(' Ann.Lee @Example.COM')).toBe('ann.lee@example.com');
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
