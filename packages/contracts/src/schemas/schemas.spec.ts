import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES, PROFILE_MESSAGES, FORGOT_PASSWORD_MESSAGES, LOGIN_MESSAGES } from '../messages';
import { authenticateUserSchema, changePasswordSchema, forgotPasswordSchema, registerUserSchema } from './user';
import { addPostDataSchema, pageSchema, postIdSchema, ratingInput } from './post';
import { REVIEW_MESSAGES } from '../messages';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error!.issues[0].message;

const registration = {
  email: 'Ann@Example.com',
  firstname: 'Ann',
  lastname: 'Lee',
  phonenumber: '512-555-0199',
  zipcode: '78701',
  verificationcode: 'aB3dE9',
  userid: 'AnnLee',
  password: 'Secret1',
};

describe('registerUserSchema', () => {
  it('lower-cases the e-mail and username', () => {
    const parsed = registerUserSchema.parse(registration);
    expect(parsed.email).toBe('ann@example.com');
    expect(parsed.userid).toBe('annlee');
  });

  it('answers with the spec messages', () => {
    const cases: Array<[Partial<typeof registration>, string]> = [
      [{ email: 'nope' }, REGISTRATION_MESSAGES.emailInvalid],
      [{ verificationcode: '' }, REGISTRATION_MESSAGES.enterCode],
      [{ password: 'secret1' }, REGISTRATION_MESSAGES.weakPassword],
      [{ password: 'Secr 1x' }, REGISTRATION_MESSAGES.weakPassword],
      [{ password: 'Sec1' }, REGISTRATION_MESSAGES.weakPassword],
      [{ userid: '' }, REGISTRATION_MESSAGES.chooseUsername],
      [{ userid: 'ann' }, REGISTRATION_MESSAGES.longerUsername],
      [{ firstname: '' }, REGISTRATION_MESSAGES.firstNameRequired],
      [{ lastname: ' ' }, REGISTRATION_MESSAGES.lastNameRequired],
      [{ zipcode: '7870' }, REGISTRATION_MESSAGES.zipInvalid],
      [{ zipcode: '7870a' }, REGISTRATION_MESSAGES.zipInvalid],
    ];
    for (const [change, message] of cases) {
      expect(firstMessage(registerUserSchema.safeParse({ ...registration, ...change })), message).toBe(message);
    }
  });

  it('refuses unknown fields', () => {
    expect(registerUserSchema.safeParse({ ...registration, role: 'admin' }).success).toBe(false);
  });
});

describe('login and password schemas', () => {
  it('strips spaces from the login e-mail and lower-cases it', () => {
    expect(authenticateUserSchema.parse({ email: ' Ann @Example.com', password: 'x' }).email).toBe('ann@example.com');
    expect(firstMessage(authenticateUserSchema.safeParse({ email: '', password: '' }))).toBe(LOGIN_MESSAGES.invalidFields.body);
  });

  it('tells a missing e-mail from an invalid one when asking for a temporary password', () => {
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: '' }))).toBe(FORGOT_PASSWORD_MESSAGES.emailRequired);
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: 'ann@' }))).toBe(FORGOT_PASSWORD_MESSAGES.emailInvalid);
  });

  it('needs 8 characters for a new password', () => {
    expect(firstMessage(changePasswordSchema.safeParse({ oldpassword: 'a', newpassword: 'short' }))).toBe(
      PROFILE_MESSAGES.passwordTooShort.body,
    );
  });
});

describe('addPostDataSchema', () => {
  const post = { place_id: 'p1', establishment_name: 'Bean There', order: 'Latte', review: 'Lovely foam.' };
  it('defaults the rating to 5 and checks location, order and review in order', () => {
    expect(addPostDataSchema.parse(post).rating).toBe(5);
    expect(firstMessage(addPostDataSchema.safeParse({ ...post, place_id: '' }))).toBe(REVIEW_MESSAGES.selectLocation);
    expect(firstMessage(addPostDataSchema.safeParse({ ...post, order: '' }))).toBe(REVIEW_MESSAGES.enterOrder);
    expect(firstMessage(addPostDataSchema.safeParse({ ...post, review: '' }))).toBe(REVIEW_MESSAGES.enterReview);
    expect(addPostDataSchema.safeParse({ ...post, rating: '6' }).success).toBe(false);
    expect(addPostDataSchema.parse({ ...post, rating: '3' }).rating).toBe(3);
  });
});

describe('number fields', () => {
  it('take a number or a string of digits, and refuse arrays, booleans and padded or other strings', () => {
    expect(postIdSchema.parse({ postid: 4 })).toEqual({ postid: 4 });
    expect(postIdSchema.parse({ postid: '4' })).toEqual({ postid: 4 });
    for (const postid of [[4], ['4'], true, ' 4', '4 ', '0x4', '4e0', '', null, 0, -1, 1.5]) {
      expect(postIdSchema.safeParse({ postid }).success, JSON.stringify(postid)).toBe(false);
    }
    expect(pageSchema.parse({ limit: '5', skip: 0 })).toEqual({ limit: 5, skip: 0 });
    expect(pageSchema.safeParse({ limit: [5] }).success).toBe(false);
    expect(ratingInput.parse('4')).toBe(4);
    expect(ratingInput.safeParse([4]).success).toBe(false);
    expect(ratingInput.safeParse(true).success).toBe(false);
  });
});
