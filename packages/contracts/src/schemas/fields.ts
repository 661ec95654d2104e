import { z } from 'zod';
import { LIMITS } from '../limits';
import { INPUT_MESSAGES } from '../messages';
import { normalizeEmail } from '../format';

/**
 * Control characters other than tab and line feed (C0, DEL and C1). PostgreSQL refuses NUL in any text where SQLite
 * stores it, and none of them belongs in what a person writes; the web app's text areas send line feeds only.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, as a whole-text pattern (it shows in the OpenAPI document)
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f]*$/;

/**
 * Where every text field of every schema starts: a string without control characters, refused first with
 * INPUT_MESSAGES.controlCharacters so both databases answer it alike (schemas.spec.ts holds every schema to it).
 */
export function plainText(params?: { error?: string }) {
  return z.string(params).regex(WITHOUT_CONTROL_CHARACTERS, { error: INPUT_MESSAGES.controlCharacters });
}

/** True when a zod string schema carries plainText's check (what schemas.spec.ts looks for). */
export function checksControlCharacters(schema: z.ZodString): boolean {
  return (schema._zod.def.checks ?? []).some((check) => (check._zod.def as { pattern?: RegExp }).pattern === WITHOUT_CONTROL_CHARACTERS);
}

/** An e-mail field: spaces stripped, lower-cased, then checked. */
export function emailField(message: string) {
  return plainText({ error: message })
    .transform(normalizeEmail)
    .pipe(z.email({ error: message }).max(LIMITS.emailMax, { error: message }));
}

/** Required, trimmed text with a cap, one message for every way it can be wrong. */
export function requiredText(message: string, max: number = LIMITS.textFieldMax) {
  return plainText({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters.` });
}

export function optionalText(max: number = LIMITS.textFieldMax) {
  return plainText().trim().max(max, { error: `Must be at most ${max} characters.` }).optional();
}

/**
 * A whole number, sent as a JSON number or as a string of digits (the spec's bodies use both). Nothing else is read
 * as one: `z.coerce` would turn `[4]` into 4 and `true` into 1, so a wrongly typed field must be refused here.
 */
export function wholeNumberField(message: string) {
  return z
    .union([z.number({ error: message }), plainText({ error: message }).regex(/^-?\d{1,15}$/, { error: message }).transform(Number)], {
      error: message,
    })
    .pipe(z.number().int({ error: message }));
}

/**
 * Record ids travel as numbers or numeric strings in the spec's bodies. One past LIMITS.idMax can name no row (ids are
 * 32-bit on PostgreSQL), so it is refused like any other non-id: 400 on both databases, never a query.
 */
export const idField = wholeNumberField(INPUT_MESSAGES.invalidId).pipe(
  z.number().positive({ error: INPUT_MESSAGES.invalidId }).max(LIMITS.idMax, { error: INPUT_MESSAGES.invalidId }),
);

/** An id as a page's path gives it ('/post/12'), by idField's rule; null when it can name no row (a page of nothing). */
export function idFromPath(segment: string): number | null {
  const parsed = idField.safeParse(segment);
  return parsed.success ? parsed.data : null;
}

export const pageField = (max: number) => wholeNumberField('Invalid page.').pipe(z.number().min(0).max(max));

/** Body fields that name the acting user: accepted for compatibility, checked against the token. */
export const actingEmail = plainText().max(LIMITS.emailMax).optional();
export const actingUsername = plainText().max(LIMITS.emailMax).optional();
