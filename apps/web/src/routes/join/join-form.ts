import { AUTH_MESSAGES, formatPhoneInput, LIMITS, normalizeEmail, REGISTRATION_MESSAGES, type registerUserSchema } from '@siplog/contracts';
import type { z } from 'zod';

/** The fields of step 2, in the order of registerUserSchema (so its first issue is the first field on screen). */
export type JoinField =
  | 'email'
  | 'firstname'
  | 'lastname'
  | 'phonenumber'
  | 'zipcode'
  | 'verificationcode'
  | 'userid'
  | 'password'
  | 'yearofbirth';
export type JoinForm = Record<JoinField, string>;
export type RegisterRequest = z.input<typeof registerUserSchema>;

export const EMPTY_JOIN_FORM: JoinForm = {
  email: '',
  firstname: '',
  lastname: '',
  phonenumber: '',
  zipcode: '',
  verificationcode: '',
  userid: '',
  password: '',
  yearofbirth: '',
};

/** What each field accepts as it is typed (spec §5 Registration). */
export function applyInputRule(field: JoinField, raw: string): string {
  switch (field) {
    case 'email':
      return normalizeEmail(raw);
    case 'firstname':
    case 'lastname':
      return raw.slice(0, LIMITS.nameMax);
    case 'phonenumber':
      return formatPhoneInput(raw, LIMITS.phoneMax);
    case 'zipcode':
      return raw.replace(/\D/g, '').slice(0, LIMITS.zipLength);
    case 'verificationcode':
      // Case sensitive: only stray spaces (from a paste) are dropped, the letters stay as they are.
      return raw.replace(/\s/g, '');
    case 'userid':
      return raw.replace(/\s/g, '').toLowerCase().slice(0, LIMITS.usernameMax);
    default:
      return raw;
  }
}

export type FieldCheck<T> = { ok: true; value: T } | { ok: false; field: JoinField; message: string };
/** Year-of-birth choices: LIMITS.yearOfBirthEntries years, newest first, starting LIMITS.yearOfBirthOffset years back. */
export function yearOfBirthOptions(now: Date = new Date()): number[] {
  const newest = now.getFullYear() - LIMITS.yearOfBirthOffset;
  return Array.from({ length: LIMITS.yearOfBirthEntries }, (_, index) => newest - index);
}

/** The parts of the registration password rule, for the live checklist under the field. */
export function passwordChecks(password: string): Array<{ label: string; met: boolean }> {
  return [
    { label: `${LIMITS.registrationPasswordMin}+ characters`, met: password.length >= LIMITS.registrationPasswordMin },
    { label: 'lower case letter', met: /[a-z]/.test(password) },
    { label: 'upper case letter', met: /[A-Z]/.test(password) },
    { label: 'number', met: /\d/.test(password) },
    { label: 'no spaces', met: password.length > 0 && !/\s/.test(password) },
  ];
}

/**
 * The field a refused registration is about, from the server's message: a refused verification code or a taken
 * username. Null for other refusals (an e-mail with an account already, too many attempts), which concern the
 * whole form.
 */
export function registrationFailureField(serverMessage: string | null): JoinField | null {
  if (serverMessage === AUTH_MESSAGES.codeInvalid) return 'verificationcode';
  if (serverMessage === REGISTRATION_MESSAGES.usernameTaken) return 'userid';
  return null;
}
