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

/**
 * A whole number, sent as a JSON number or as a string of digits (the spec's bodies use both). Nothing else is read
 * as one: `z.coerce` would turn `[4]` into 4 and `true` into 1, so a wrongly typed field must be refused here.
 */
export function wholeNumberField(message: string) {
  return z
    .union([z.number({ error: message }), z.string({ error: message }).regex(/^-?\d{1,15}$/, { error: message }).transform(Number)], {
      error: message,
    })
    .pipe(z.number().int({ error: message }));
}

/** Record ids travel as numbers or numeric strings in the spec's bodies. */
export const idField = wholeNumberField('A valid id is required.').pipe(z.number().positive({ error: 'A valid id is required.' }));

export const pageField = (max: number) => wholeNumberField('Invalid page.').pipe(z.number().min(0).max(max));

/** Body fields that name the acting user: accepted for compatibility, checked against the token. */
export const actingEmail = z.string().max(LIMITS.emailMax).optional();
export const actingUsername = z.string().max(LIMITS.emailMax).optional();
