import { z } from 'zod';
import { LIMITS } from '../limits';
import { ADMIN_MESSAGES, CONTACT_MESSAGES, REGISTRATION_MESSAGES } from '../messages';
import { PHONE_PATTERN } from '../format';
import { emailField, idField, optionalText, plainText } from './fields';

export const LOG_FILE_PATTERN = /^application-\d{4}-\d{2}-\d{2}\.log$/;

export const logFileSchema = z.strictObject({
  filename: plainText({ error: 'filename is required.' }).regex(LOG_FILE_PATTERN, { error: 'Invalid log file name.' }),
});
export const adminUserEmailSchema = z.strictObject({ email: emailField(ADMIN_MESSAGES.selectUser.body) });
export const adminDeletePostSchema = z.strictObject({ post_id: idField, establishment_id: idField.optional() });
/** `verified: true` lists verified people only; `false` (the box unchecked) or none lists everyone (spec: the box 'filters to verified users'). */
export const adminGetUsersSchema = z.strictObject({ verified: z.boolean().optional() });
export const adminSendEmailSchema = z.strictObject({
  recipient: emailField(ADMIN_MESSAGES.selectUser.body),
  subject: plainText({ error: ADMIN_MESSAGES.enterSubject.body }).trim().min(1, { error: ADMIN_MESSAGES.enterSubject.body }).max(LIMITS.textFieldMax),
  message: plainText({ error: ADMIN_MESSAGES.enterMessage.body }).trim().min(1, { error: ADMIN_MESSAGES.enterMessage.body }).max(LIMITS.contactMessageMax),
});
export const adminUpdateUserSchema = z.strictObject({
  email: emailField(ADMIN_MESSAGES.selectUser.body),
  firstname: optionalText(LIMITS.nameMax),
  lastname: optionalText(LIMITS.nameMax),
  address: optionalText(LIMITS.addressMax),
  phonenumber: plainText().regex(PHONE_PATTERN, { error: CONTACT_MESSAGES.phoneInvalid }).optional().or(z.literal('')),
  /** Beyond spec §7's fields: the details panel shows the zip as editable, so an edit to it must not be lost. */
  zipcode: plainText({ error: REGISTRATION_MESSAGES.zipInvalid })
    .regex(new RegExp(`^\\d{${LIMITS.zipLength}}$`), { error: REGISTRATION_MESSAGES.zipInvalid })
    .optional(),
});
export const adminDownloadSchema = z.strictObject({ filename: plainText().min(1).max(LIMITS.textFieldMax) });
/** The {secret} of /admin/{secret}, as the web app read it from its address. */
export const adminScreenSchema = z.strictObject({ secret: plainText().max(LIMITS.textFieldMax) });

/**
 * The log viewer's quick-pick keywords (spec §2 FR Logs): a search-engine referrer, sign-ups and people leaving.
 * The server writes these words: 'Referred visit: … from https://www.google.com', 'Registration successful: …',
 * 'Account deactivated (unsubscribe): …'.
 */
export const ADMIN_LOG_QUICK_PICKS = ['google.com', 'Registration successful', 'unsubscribe'] as const;
