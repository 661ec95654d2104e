import { z } from 'zod';
import { LIMITS } from '../limits';
import { AUTH_MESSAGES, CONTACT_MESSAGES, FORGOT_PASSWORD_MESSAGES, LOGIN_MESSAGES, PROFILE_MESSAGES, REGISTRATION_MESSAGES } from '../messages';
import { PHONE_PATTERN } from '../format';
import { actingEmail, actingUsername, emailField, plainText, requiredText, wholeNumberField } from './fields';

const invalidFields = LOGIN_MESSAGES.invalidFields.body;

export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)\S+$/;

export const usernameField = plainText({ error: REGISTRATION_MESSAGES.chooseUsername })
  .trim()
  .toLowerCase()
  .min(1, { error: REGISTRATION_MESSAGES.chooseUsername })
  .min(LIMITS.usernameMin, { error: REGISTRATION_MESSAGES.longerUsername })
  .max(LIMITS.usernameMax, { error: `Username must be at most ${LIMITS.usernameMax} characters.` })
  .regex(/^[a-z0-9_.]+$/, { error: 'Username may contain letters, digits, dots and underscores only.' });

export const registrationPasswordField = plainText({ error: REGISTRATION_MESSAGES.weakPassword })
  .min(LIMITS.registrationPasswordMin, { error: REGISTRATION_MESSAGES.weakPassword })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters.` })
  .regex(PASSWORD_RULE, { error: REGISTRATION_MESSAGES.weakPassword });

export const authenticateUserSchema = z.strictObject({
  email: emailField(invalidFields),
  password: plainText({ error: invalidFields }).min(1, { error: invalidFields }).max(LIMITS.passwordMax),
});

export const emailOnlySchema = z.strictObject({
  email: emailField(REGISTRATION_MESSAGES.emailInvalid),
});

export const forgotPasswordSchema = z.strictObject({
  email: plainText({ error: FORGOT_PASSWORD_MESSAGES.emailRequired })
    .min(1, { error: FORGOT_PASSWORD_MESSAGES.emailRequired })
    .pipe(emailField(FORGOT_PASSWORD_MESSAGES.emailInvalid)),
});

export const registerUserSchema = z.strictObject({
  email: emailField(REGISTRATION_MESSAGES.emailInvalid),
  firstname: requiredText(REGISTRATION_MESSAGES.firstNameRequired, LIMITS.nameMax),
  lastname: requiredText(REGISTRATION_MESSAGES.lastNameRequired, LIMITS.nameMax),
  phonenumber: plainText()
    .regex(PHONE_PATTERN, { error: CONTACT_MESSAGES.phoneInvalid })
    .optional()
    .or(z.literal('')),
  zipcode: plainText({ error: REGISTRATION_MESSAGES.zipInvalid })
    .regex(new RegExp(`^\\d{${LIMITS.zipLength}}$`), { error: REGISTRATION_MESSAGES.zipInvalid }),
  verificationcode: plainText({ error: REGISTRATION_MESSAGES.enterCode })
    .trim()
    .min(1, { error: REGISTRATION_MESSAGES.enterCode })
    .max(LIMITS.verificationCodeMax),
  userid: usernameField,
  password: registrationPasswordField,
  yearofbirth: wholeNumberField('Invalid year of birth.').pipe(z.number().min(1900).max(2100)).optional(),
});

export const usernameAvailableSchema = z.strictObject({ username: plainText().trim().toLowerCase().max(LIMITS.emailMax) });

export const followUserSchema = z.strictObject({
  currentusername: actingUsername,
  targetusername: plainText({ error: 'targetusername is required.' }).trim().toLowerCase().min(1).max(LIMITS.emailMax),
});

export const loadPublicProfileSchema = z.strictObject({
  username: plainText({ error: 'username is required.' }).trim().toLowerCase().min(1).max(LIMITS.emailMax),
});

export const loadUserByNameSchema = z.strictObject({
  name: plainText({ error: 'name is required.' }).trim().min(1).max(LIMITS.textFieldMax),
});

export const actingUserSchema = z.strictObject({ email: actingEmail });

export const updateFavoriteOrderSchema = z.strictObject({
  email: actingEmail,
  current_fav_order: plainText({ error: 'current_fav_order is required.' })
    .trim()
    .max(LIMITS.favoriteOrderMax, { error: `Favorite order must be at most ${LIMITS.favoriteOrderMax} characters.` }),
});

/** Deactivation (Terms) asks for the password again, so a borrowed, unlocked screen cannot do it. */
export const deactivateAccountSchema = z.strictObject({
  email: actingEmail,
  password: plainText({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, { error: AUTH_MESSAGES.passwordRequired })
    .max(LIMITS.passwordMax),
});

export const changePasswordSchema = z.strictObject({
  email: actingEmail,
  oldpassword: plainText({ error: 'oldpassword is required.' }).min(1).max(LIMITS.passwordMax),
  newpassword: plainText({ error: PROFILE_MESSAGES.passwordTooShort.body })
    .min(LIMITS.changePasswordMin, { error: PROFILE_MESSAGES.passwordTooShort.body })
    .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters.` }),
});

export const searchUsersOrPlacesSchema = z.strictObject({
  searchString: plainText({ error: `Enter at least ${LIMITS.searchMin} characters.` })
    .trim()
    .min(LIMITS.searchMin, { error: `Enter at least ${LIMITS.searchMin} characters.` })
    .max(LIMITS.textFieldMax),
});

export const GENDER_OPTIONS = ['Male', 'Female', 'Prefer not to say', 'Custom'] as const;
export const GENDER_PLACEHOLDER = '-select gender-';

export const updateProfileDetailsSchema = z.strictObject({
  email: actingEmail,
  gender: z.union([z.enum(GENDER_OPTIONS), z.literal('')], { error: 'Choose a gender from the list.' }),
  bio: plainText().trim().max(LIMITS.bioMax, { error: `Bio must be at most ${LIMITS.bioMax} characters.` }).optional(),
});

/**
 * 'Approve followers' (issue 30): whether follows from other servers wait for the person's Accept or Reject. Turning
 * it off leaves requests already waiting as they are.
 */
export const approveFollowersSchema = z.strictObject({
  email: actingEmail,
  approve_followers: z.boolean({ error: 'approve_followers must be true or false.' }),
});

/** The JSON `data` field that travels with an uploaded image. */
export const imageUploadDataSchema = z.strictObject({
  email: actingEmail,
  filetype: z.literal('image', { error: "filetype must be 'image'." }).optional(),
});

/** `place:{establishment_id};{name}`: how a followed place appears among usernames (spec §2 /mylog). */
export const PLACE_ENTRY_PREFIX = 'place:';

export function placeEntry(establishmentId: number, name: string): string {
  return `${PLACE_ENTRY_PREFIX}${establishmentId};${name}`;
}

/**
 * The establishment id and the whole name of a `place:{id};{name}` entry, or null for a username. The name may
 * itself hold ';'. Shown, it is cut with displayPlaceName (spec §9: 20 characters).
 */
export function parsePlaceEntry(entry: string): { establishmentId: string; name: string } | null {
  if (!entry.startsWith(PLACE_ENTRY_PREFIX)) return null;
  const body = entry.slice(PLACE_ENTRY_PREFIX.length);
  const separator = body.indexOf(';');
  if (separator < 0) return null;
  return { establishmentId: body.slice(0, separator), name: body.slice(separator + 1) };
}
