import { z } from 'zod';
import { LIMITS } from '../limits';
import { CONTACT_MESSAGES } from '../messages';
import { PHONE_PATTERN } from '../format';
import { plainText, requiredText } from './fields';

/**
 * The contact form's reply address. Unlike the login box (spec §5: spaces stripped), a space inside an address
 * is not dropped here: 'ann @example.com' and 'ann@exa mple.com' are not addresses, and joining the halves could
 * send our reply to someone else. Leading and trailing spaces are only trimmed; the address is lower-cased.
 */
function contactEmailField(message: string) {
  return plainText({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(LIMITS.emailMax, { error: message }));
}

/** Contact form (spec §5): the keys are in the spec's checking order, so the first issue is the first check. */
export const contactRequestSchema = z.strictObject({
  clientemail: contactEmailField(CONTACT_MESSAGES.emailInvalid),
  firstname: requiredText(CONTACT_MESSAGES.firstNameRequired, LIMITS.nameMax),
  lastname: requiredText(CONTACT_MESSAGES.lastNameRequired, LIMITS.nameMax),
  phone: plainText({ error: CONTACT_MESSAGES.phoneInvalid })
    .regex(PHONE_PATTERN, { error: CONTACT_MESSAGES.phoneInvalid }),
  message: plainText({ error: CONTACT_MESSAGES.messageTooShort })
    .trim()
    .min(LIMITS.contactMessageMin, { error: CONTACT_MESSAGES.messageTooShort })
    .max(LIMITS.contactMessageMax, { error: `Must be at most ${LIMITS.contactMessageMax} characters.` }),
  /** The support address the page showed; the server always mails its own SUPPORT_EMAIL. */
  email: plainText().max(LIMITS.emailMax).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const CLIENT_LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;

export const clientLogSchema = z.strictObject({
  level: z.enum(CLIENT_LOG_LEVELS, { error: `level must be one of ${CLIENT_LOG_LEVELS.join(', ')}.` }),
  msg: plainText({ error: 'msg is required.' })
    .min(1, { error: 'msg is required.' })
    .max(LIMITS.clientLogMessageMax, { error: `msg must be at most ${LIMITS.clientLogMessageMax} characters.` }),
});
export type ClientLogRequest = z.infer<typeof clientLogSchema>;
