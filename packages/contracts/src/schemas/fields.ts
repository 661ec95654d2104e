import { z } from 'zod';
import { LIMITS } from '../limits';
import { normalizeEmail } from '../format';

/** An e-mail field: spaces stripped, lower-cased, then checked. */
export function emailField(message: string) {
  return z
    .string({ error: message })
    .transform(normalizeEmail)
    .pipe(z.email({ error: message }).max(LIMITS.emailMax, { error: message }));
}

/** Required, trimmed text with a cap, one message for every way it can be wrong. */
export function requiredText(message: string, max: number = LIMITS.textFieldMax) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters.` });
}

export function optionalText(max: number = LIMITS.textFieldMax) {
  return z.string().trim().max(max, { error: `Must be at most ${max} characters.` }).optional();
}

/** Record ids travel as numbers or numeric strings in the spec's bodies. */
export const idField = z.coerce
  .number({ error: 'A valid id is required.' })
  .int({ error: 'A valid id is required.' })
  .positive({ error: 'A valid id is required.' });

export const pageField = (max: number) =>
  z.coerce.number({ error: 'Invalid page.' }).int({ error: 'Invalid page.' }).min(0).max(max);

/** Body fields that name the acting user: accepted for compatibility, checked against the token. */
export const actingEmail = z.string().max(LIMITS.emailMax).optional();
export const actingUsername = z.string().max(LIMITS.emailMax).optional();
