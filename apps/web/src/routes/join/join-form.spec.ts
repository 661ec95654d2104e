import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LIMITS, REGISTRATION_MESSAGES } from '@siplog/contracts';
import { checkJoinEmail, checkJoinForm, usernameProblem } from './join-checks';
import { applyInputRule, EMPTY_JOIN_FORM, passwordChecks, registrationFailureField, yearOfBirthOptions, type JoinForm } from './join-form';

const valid: JoinForm = {
  email: 'ann.lee@example.com',
  firstname: 'aNN ',
  lastname: 'lee',
  phonenumber: '512-555-0199',
  zipcode: '78701',
  verificationcode: 'aB3xY9',
  userid: 'annlee',
  password: 'Secret12',
  yearofbirth: '1990',
};

describe('applyInputRule', () => {
  it('forces the e-mail and username to lower case without spaces', () => {
    expect(applyInputRule('email', ' Ann.Lee@Example.COM ')).toBe('ann.lee@example.com');
    expect(applyInputRule('userid', 'Ann Lee_99')).toBe('annlee_99');
    expect(applyInputRule('userid', 'abcdefghijklmnop')).toHaveLength(LIMITS.usernameMax);
  });

  it('keeps digits only in phone and zip, hyphenating the phone, within the maximums', () => {
    expect(applyInputRule('phonenumber', '(512) 555-0199 ext')).toBe('512-555-0199');
    expect(applyInputRule('phonenumber', '51255')).toBe('512-55');
    expect(applyInputRule('zipcode', 'tx 78701-1234')).toBe('78701');
  });

  it('caps names and leaves the case-sensitive verification code as typed', () => {
    expect(applyInputRule('firstname', 'Bartholomew-James')).toHaveLength(LIMITS.nameMax);
    expect(applyInputRule('verificationcode', ' aB3 xY9 ')).toBe('aB3xY9');
  });
});

describe('checkJoinEmail', () => {
  it('needs a valid address and returns it normalised', () => {
    expect(checkJoinEmail('')).toEqual({ ok: false, field: 'email', message: REGISTRATION_MESSAGES.emailInvalid });
    expect(checkJoinEmail('ann@')).toEqual({ ok: false, field: 'email', message: REGISTRATION_MESSAGES.emailInvalid });
    expect(checkJoinEmail('Ann@Example.com')).toEqual({ ok: true, value: 'ann@example.com' });
  });
});

describe('checkJoinForm', () => {
  it('reports the first problem in schema (= screen) order with the spec messages', () => {
    const steps: Array<[Partial<JoinForm>, keyof JoinForm, string]> = [
      [{ firstname: ' ' }, 'firstname', REGISTRATION_MESSAGES.firstNameRequired],
      [{ lastname: '' }, 'lastname', REGISTRATION_MESSAGES.lastNameRequired],
      [{ zipcode: '7870' }, 'zipcode', REGISTRATION_MESSAGES.zipInvalid],
      [{ verificationcode: '' }, 'verificationcode', REGISTRATION_MESSAGES.enterCode],
      [{ userid: '' }, 'userid', REGISTRATION_MESSAGES.chooseUsername],
      [{ userid: 'ann' }, 'userid', REGISTRATION_MESSAGES.longerUsername],
      [{ password: 'secret12' }, 'password', REGISTRATION_MESSAGES.weakPassword],
      [{ password: 'Sec 12ab' }, 'password', REGISTRATION_MESSAGES.weakPassword],
      [{ password: 'Se1' }, 'password', REGISTRATION_MESSAGES.weakPassword],
    ];
    for (const [broken, field, message] of steps) {
      expect(checkJoinForm({ ...valid, ...broken })).toEqual({ ok: false, field, message });
    }
    expect(checkJoinForm(EMPTY_JOIN_FORM)).toMatchObject({ ok: false, field: 'email', message: REGISTRATION_MESSAGES.emailInvalid });
    expect(checkJoinForm({ ...EMPTY_JOIN_FORM, email: valid.email })).toMatchObject({ field: 'firstname' });
  });

  it('accepts an empty phone but not a partial one', () => {
    expect(checkJoinForm({ ...valid, phonenumber: '' }).ok).toBe(true);
    expect(checkJoinForm({ ...valid, phonenumber: '512-555' })).toMatchObject({ ok: false, field: 'phonenumber' });
  });

  it('capitalises names, keeps the code case and sends the year as a number (or not at all)', () => {
    expect(checkJoinForm(valid)).toEqual({
      ok: true,
      value: { ...valid, firstname: 'Ann', lastname: 'Lee', yearofbirth: 1990 },
    });
    const noYear = checkJoinForm({ ...valid, yearofbirth: '' });
    expect(noYear.ok && 'yearofbirth' in noYear.value).toBe(false);
  });
});

describe('usernameProblem', () => {
  it('is null for a name worth checking with the server, the schema message otherwise', () => {
    expect(usernameProblem('annlee')).toBeNull();
    expect(usernameProblem('ann')).toBe(REGISTRATION_MESSAGES.longerUsername);
    expect(usernameProblem('ann-lee')).not.toBeNull();
  });
});

describe('yearOfBirthOptions', () => {
  it('lists the configured number of years, newest first, starting the configured offset back', () => {
    const years = yearOfBirthOptions(new Date(2025, 5, 1));
    expect(years).toHaveLength(LIMITS.yearOfBirthEntries);
    expect(years[0]).toBe(2025 - LIMITS.yearOfBirthOffset);
    expect(years[1]).toBe(years[0] - 1);
    expect(years.at(-1)).toBe(2025 - LIMITS.yearOfBirthOffset - LIMITS.yearOfBirthEntries + 1);
  });
});

describe('passwordChecks', () => {
  it('ticks each part of the password rule', () => {
    const met = (password: string) => passwordChecks(password).filter((rule) => rule.met).length;
    expect(met('')).toBe(0);
    expect(met('secret')).toBe(3);
    expect(met('Secret12')).toBe(5);
    expect(met('Secret 12')).toBe(4);
  });
});

describe('registrationFailureField', () => {
  it('points a refused code and a taken username at their fields', () => {
    expect(registrationFailureField(AUTH_MESSAGES.codeInvalid)).toBe('verificationcode');
    expect(registrationFailureField(REGISTRATION_MESSAGES.usernameTaken)).toBe('userid');
  });

  it('leaves other refusals and outages to the dialog', () => {
    expect(registrationFailureField(AUTH_MESSAGES.emailTaken)).toBeNull();
    expect(registrationFailureField('Too many requests, please try again later.')).toBeNull();
    expect(registrationFailureField(null)).toBeNull();
  });
});
