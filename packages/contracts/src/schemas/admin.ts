import { z } from 'zod';
import { LIMITS } from '../limits';
import { ADMIN_MESSAGES, CONTACT_MESSAGES } from '../messages';
import { PHONE_PATTERN } from '../format';
import { emailField, idField, optionalText } from './fields';

export const LOG_FILE_PATTERN = /^application-\d{4}-\d{2}-\d{2}\.log$/;

export const logFileSchema = z.strictObject({
  filename: z.string({ error: 'filename is required.' }).regex(LOG_FILE_PATTERN, { error: 'Invalid log file name.' }),
});
export const adminUserEmailSchema = z.strictObject({ email: emailField(ADMIN_MESSAGES.selectUser.body) });
export const adminDeletePostSchema = z.strictObject({ post_id: idField, establishment_id: idField.optional() });
export const adminGetUsersSchema = z.strictObject({ verified: z.boolean().optional() });
export const adminSendEmailSchema = z.strictObject({
  recipient: emailField(ADMIN_MESSAGES.selectUser.body),
  subject: z.string({ error: ADMIN_MESSAGES.enterSubject.body }).trim().min(1, { error: ADMIN_MESSAGES.enterSubject.body }).max(LIMITS.textFieldMax),
  message: z.string({ error: ADMIN_MESSAGES.enterMessage.body }).trim().min(1, { error: ADMIN_MESSAGES.enterMessage.body }).max(LIMITS.contactMessageMax),
});
export const adminUpdateUserSchema = z.strictObject({
  email: emailField(ADMIN_MESSAGES.selectUser.body),
  firstname: optionalText(LIMITS.nameMax),
  lastname: optionalText(LIMITS.nameMax),
  address: optionalText(LIMITS.addressMax),
  phonenumber: z.string().regex(PHONE_PATTERN, { error: CONTACT_MESSAGES.phoneInvalid }).optional().or(z.literal('')),
});
export const adminDownloadSchema = z.strictObject({ filename: z.string().min(1).max(LIMITS.textFieldMax) });
