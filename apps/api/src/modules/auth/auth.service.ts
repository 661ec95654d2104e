import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  capitalizeName,
  FORGOT_PASSWORD_MESSAGES,
  REGISTRATION_MESSAGES,
  SAFETY_MESSAGES,
  SERVER_MESSAGES,
  usernameField,
  type authenticateUserSchema,
  type changePasswordSchema,
  type deactivateAccountSchema,
  type registerUserSchema,
} from '@siplog/contracts';
import type { Database } from '@siplog/db';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import type { ClientInfo } from '../../common/client-info';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { DATABASE } from '../database/database.module';
import { MailService } from '../mail/mail.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { assertActingUser, type AuthUser } from '../../common/auth-user';
import { AuthRepository } from './auth.repository';
import { hashPassword, verifyPassword } from './password-hasher';
import { pendingTemporaryPasswordHash, recoveryPasswordHash } from './recovery';
import { keyedHash, randomCode, randomTemporaryPassword, sameHash } from './secrets';
import { TokenService } from './token.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { STALE_AFTER } from '../public-cache/public-cache.tags';
import { NotificationService } from '../notification/notification.service';
import { PlaceAmenitiesService } from '../place/place-amenities.service';

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const TEMP_PASSWORD_TTL_MS = 30 * 60 * 1000;

/** What a client stores as its session (spec §3 Session user). */
export interface SessionPayload {
  status: 200;
  token: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  /** True after signing in with the one-time temporary password: the web app then asks for a new password. */
  must_change_password: boolean;
}

/** Who a temporary password goes to. */
export interface TemporaryPasswordRecipient {
  id: number;
  email: string;
  firstName: string;
}

type RegisterInput = z.output<typeof registerUserSchema>;
type LoginInput = z.output<typeof authenticateUserSchema>;
type ChangePasswordInput = z.output<typeof changePasswordSchema>;
type DeactivateAccountInput = z.output<typeof deactivateAccountSchema>;

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  /** Verified against when the account does not exist, so both answers take about as long. */
  private readonly decoyHash = hashPassword(randomTemporaryPassword());

  constructor(
    /** Only for registration's transaction, which checks the code and the names before it inserts. */
    @Inject(DATABASE) private readonly db: Database,
    private readonly accounts: AuthRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokenService,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
    private readonly cache: PublicCacheService,
    private readonly notifications: NotificationService,
    private readonly placeAmenities: PlaceAmenitiesService,
  ) {}

  /** Mails a code; for an e-mail that already has an account it mails a notice instead, and answers the same. */
  async requestVerificationCode(client: ClientInfo, email: string): Promise<{ status: 200; msg: string }> {
    await this.rateLimit.consume('verificationCodeByIp', client.ip);
    await this.rateLimit.consume('verificationCodeByEmail', email);
    if (await this.accounts.findUserByEmail(email)) {
      await this.mail.send({
        to: email,
        subject: 'Someone tried to join Siplog with your email',
        text: 'Someone (maybe you) asked to join Siplog with this email address, which already has an account.\n\nIf it was you, log in instead, or use "Email Password" on the login page to get a temporary password.\nIf it was not you, you can ignore this message.',
      });
      return { status: 200, msg: AUTH_MESSAGES.codeSent };
    }
    const code = randomCode(VERIFICATION_CODE_LENGTH);
    // A new code replaces any earlier one for the address.
    await this.accounts.replaceVerificationCode(
      email,
      keyedHash(this.config.jwtSecret, `${email}:${code}`),
      new Date(Date.now() + VERIFICATION_CODE_TTL_MS),
    );
    await this.mail.send({
      to: email,
      subject: 'Your Siplog verification code',
      text: `Your Siplog verification code is: ${code}\n\nIt is case sensitive and expires in 10 minutes.\nIf you did not ask to join Siplog, you can ignore this message.`,
    });
    return { status: 200, msg: AUTH_MESSAGES.codeSent };
  }

  async usernameAvailable(client: ClientInfo, username: string): Promise<{ useravailable: boolean }> {
    await this.rateLimit.consume('usernameCheck', client.ip);
    return { useravailable: usernameField.safeParse(username).success && !(await this.accounts.isUsernameTaken(username)) };
  }

  /**
   * The code is checked before anything else, so a caller without the mailbox learns nothing about which
   * e-mails or usernames have accounts; a wrong code counts against the code's five tries.
   */
  async register(client: ClientInfo, input: RegisterInput): Promise<{ status: 200; user: SessionPayload }> {
    await this.rateLimit.consume('register', client.ip);
    const passwordHash = await hashPassword(input.password);
    const outcome = await this.db.transaction(async (): Promise<{ userId: number } | { refused: string }> => {
      const code = await this.accounts.findUsableVerificationCode(input.email, VERIFICATION_CODE_MAX_ATTEMPTS);
      if (!code) return { refused: AUTH_MESSAGES.codeInvalid };
      if (!sameHash(code.codeHash, keyedHash(this.config.jwtSecret, `${input.email}:${input.verificationcode}`))) {
        await this.accounts.countWrongCodeAttempt(code.id);
        return { refused: AUTH_MESSAGES.codeInvalid };
      }
      // The code stays usable for a second try with another username.
      const taken = async () =>
        (await this.accounts.isUsernameTaken(input.userid))
          ? { refused: REGISTRATION_MESSAGES.usernameTaken }
          : (await this.accounts.findUserByEmail(input.email))
            ? { refused: AUTH_MESSAGES.emailTaken }
            : null;
      const refusal = await taken();
      if (refusal) return refusal;
      // The unique indexes decide a race for the username or the e-mail (PostgreSQL runs registrations side by side):
      // the loser inserts nothing, then sees the winner's row.
      const createdId = await this.accounts.createUser({
        email: input.email,
        username: input.userid,
        passwordHash,
        firstName: capitalizeName(input.firstname),
        lastName: capitalizeName(input.lastname),
        phone: input.phonenumber ?? '',
        zipCode: input.zipcode,
        yearOfBirth: input.yearofbirth ?? null,
        verified: true,
      });
      if (createdId === undefined) return (await taken()) ?? { refused: REGISTRATION_MESSAGES.usernameTaken };
      await this.accounts.consumeVerificationCode(code.id);
      return { userId: createdId };
    });
    if ('refused' in outcome) throw new AppError('BAD_REQUEST', outcome.refused);
    this.logger.log(`Registration successful: ${input.userid}`);
    return { status: 200, user: await this.sessionFor(outcome.userId) };
  }

  /**
   * Every attempt takes a point from the login budgets up front (so a burst of parallel guesses cannot
   * outrun them) and a successful one gives it back. A failed login always costs two argon2 checks (the
   * password, then the pending temporary password, each against a decoy when there is none), so timing
   * tells neither whether the account exists nor whether a recovery is pending.
   */
  async login(client: ClientInfo, input: LoginInput): Promise<SessionPayload> {
    const accountKey = `${client.ip}:${input.email}`;
    await this.rateLimit.consume('loginAttemptsByIp', client.ip);
    await this.rateLimit.consume('loginAttemptsByAccount', accountKey);
    const succeeded = async () => {
      await this.rateLimit.refund('loginAttemptsByIp', client.ip);
      await this.rateLimit.reset('loginAttemptsByAccount', accountKey);
    };
    const decoy = await this.decoyHash;
    const user = await this.accounts.findUserByEmail(input.email);
    const passwordRight = await verifyPassword(user?.passwordHash ?? decoy, input.password);
    if (user && passwordRight) {
      await succeeded();
      this.logger.log(`Login successful: ${user.username}`);
      return this.signIn(user.id, { usedTemporaryPassword: false });
    }
    const pendingTemp = user ? pendingTemporaryPasswordHash(user) : null;
    const tempRight = await verifyPassword(pendingTemp ?? decoy, input.password);
    if (user && pendingTemp && tempRight && (await this.spendTemporaryPassword(user.id, pendingTemp))) {
      await succeeded();
      // Account recovery: every other session ends.
      await this.tokens.revokeAllForUser(user.id);
      this.logger.log(`Login with temporary password: ${user.username}`);
      return this.signIn(user.id, { usedTemporaryPassword: true });
    }
    throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidCredentials);
  }

  /**
   * Moves a temporary password that just signed in to the recovery slot: it never signs in again, but stays
   * the current password for Change Password for one more window. Conditional on the row still holding that
   * hash, so two parallel sign-ins with it (or one racing a password change) spend it at most once.
   */
  private async spendTemporaryPassword(userId: number, tempHash: string): Promise<boolean> {
    const now = new Date();
    return this.accounts.spendTemporaryPassword(userId, tempHash, now, new Date(now.getTime() + TEMP_PASSWORD_TTL_MS));
  }

  async logout(actor: AuthUser): Promise<{ status: 200 }> {
    await this.tokens.revoke(actor);
    return { status: 200 };
  }

  /**
   * Mails a single-use temporary password. The answer is the same whether or not the account exists,
   * and the mail goes out after answering, so the timing does not tell either.
   */
  async requestTemporaryPassword(client: ClientInfo, email: string): Promise<{ status: 200; msg: string }> {
    await this.rateLimit.consume('tempPasswordByIp', client.ip);
    await this.rateLimit.consume('tempPasswordByEmail', email);
    const user = await this.accounts.findUserByEmail(email);
    const temporary = randomTemporaryPassword();
    const tempHash = await hashPassword(temporary);
    // Both branches hash; the account's write and mail run after answering, so timing tells nothing.
    if (user) setImmediate(() => this.issueTemporaryPassword(user, temporary, tempHash));
    return { status: 200, msg: FORGOT_PASSWORD_MESSAGES.sentIfFound };
  }

  private async issueTemporaryPassword(user: TemporaryPasswordRecipient, temporary: string, tempHash: string) {
    try {
      await this.storeAndMailTemporaryPassword(user, temporary, tempHash);
    } catch (error) {
      this.logger.error(`Temporary password for user ${user.id} not sent: ${(error as Error).message}`);
    }
  }

  /**
   * The admin's Change Password: the same single-use temporary password and mail as 'Email Password',
   * awaited, so a mail failure reaches the caller (throws).
   */
  async sendTemporaryPassword(user: TemporaryPasswordRecipient): Promise<void> {
    const temporary = randomTemporaryPassword();
    await this.storeAndMailTemporaryPassword(user, temporary, await hashPassword(temporary));
  }

  private async storeAndMailTemporaryPassword(user: TemporaryPasswordRecipient, temporary: string, tempHash: string): Promise<void> {
    await this.accounts.setTemporaryPassword(user.id, tempHash, new Date(Date.now() + TEMP_PASSWORD_TTL_MS));
    await this.mail.send({
      to: user.email,
      subject: 'Your Siplog temporary password',
      text: `Hi ${user.firstName},\n\nYour temporary password is: ${temporary}\n\nIt works once and expires in 30 minutes. Your current password keeps working until you use it.\nAfter logging in, choose a new password under My Log > edit > Change Password.\n\nIf you did not ask for this, you can ignore this message.`,
    });
  }

  async changePassword(
    actor: AuthUser,
    input: ChangePasswordInput,
  ): Promise<{ status: 200; msg: string; token: string }> {
    await this.assertCurrentPassword(actor, input.email, input.oldpassword);
    await this.setPassword(actor.id, input.newpassword);
    this.logger.log(`Password changed: ${actor.username}`);
    return { status: 200, msg: AUTH_MESSAGES.passwordChanged, token: await this.tokens.issue(actor.id) };
  }

  /**
   * For account changes that ask for the password again (Change Password, deactivation): the body's e-mail
   * must be the caller's, each check costs from a per-account budget, and the candidate must be the real
   * password or a spent temporary password within its recovery window.
   */
  private async assertCurrentPassword(actor: AuthUser, claimedEmail: string | undefined, candidate: string): Promise<void> {
    if (!(await this.isCurrentPassword(actor, claimedEmail, candidate))) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.oldPasswordWrong);
  }

  /**
   * The check behind assertCurrentPassword, for callers that answer a wrong password their own way (deleting an
   * account answers 401): the body's e-mail must be the caller's (403), each check costs from the per-account budget.
   */
  async isCurrentPassword(actor: AuthUser, claimedEmail: string | undefined, candidate: string): Promise<boolean> {
    assertActingUser(actor, { email: claimedEmail });
    await this.rateLimit.consume('currentPasswordChecks', String(actor.id));
    const user = await this.accounts.findUserById(actor.id);
    const recoveryHash = user ? recoveryPasswordHash(user) : null;
    return (
      !!user &&
      ((await verifyPassword(user.passwordHash, candidate)) || (!!recoveryHash && (await verifyPassword(recoveryHash, candidate))))
    );
  }

  /** Sets a new password and ends every session of the account. */
  async setPassword(userId: number, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.accounts.setPassword(userId, passwordHash);
    await this.tokens.revokeAllForUser(userId);
  }

  /** Terms: a person may deactivate their account; it hides them until they sign in again. */
  async deactivateAccount(actor: AuthUser, input: DeactivateAccountInput): Promise<{ status: 200; msg: string }> {
    await this.assertCurrentPassword(actor, input.email, input.password);
    await this.accounts.deactivate(actor.id);
    // Their amenity answers stop counting in the places' verdicts (the map's filters read them).
    await this.placeAmenities.recountPlacesOf(actor.id);
    // What they did, and what others did on their reviews, leaves other people's bells.
    this.notifications.countsChanged(await this.notifications.unreadAudience({ personId: actor.id }));
    // Their profile, reviews, likes and follows leave every public answer.
    await this.cache.changed(STALE_AFTER.person());
    await this.tokens.revokeAllForUser(actor.id);
    this.logger.log(`Account deactivated (unsubscribe): ${actor.username}`);
    return { status: 200, msg: AUTH_MESSAGES.accountDeactivated };
  }

  isAdmin(actor: AuthUser): boolean {
    return this.config.adminEmails.includes(actor.email);
  }

  /** Every admin operation starts here (REST and tRPC alike): anyone outside ADMIN_EMAILS gets 403. */
  requireAdmin(actor: AuthUser): void {
    if (!this.isAdmin(actor)) throw new AppError('FORBIDDEN');
  }

  checkUserStatus(actor: AuthUser, claimedEmail?: string): { userstatus: boolean } {
    assertActingUser(actor, { email: claimedEmail });
    return { userstatus: this.isAdmin(actor) };
  }

  /**
   * Signing in reactivates a deactivated account (Terms: deactivation is undone by logging in). Written
   * unconditionally rather than from the row read before the password check, which a deactivation may
   * have overtaken meanwhile.
   */
  private async signIn(userId: number, how: { usedTemporaryPassword: boolean }): Promise<SessionPayload> {
    // Told only to someone who knows the password, so it says nothing to a guesser.
    if (await this.accounts.isSuspended(userId)) throw new AppError('FORBIDDEN', SAFETY_MESSAGES.accountSuspended);
    const reactivatedUsername = await this.accounts.reactivate(userId);
    if (reactivatedUsername !== undefined) {
      await this.placeAmenities.recountPlacesOf(userId);
      this.notifications.countsChanged(await this.notifications.unreadAudience({ personId: userId }));
      // Their profile, reviews, likes and follows show again everywhere.
      await this.cache.changed(STALE_AFTER.person());
      this.logger.log(`Account reactivated: ${reactivatedUsername}`);
    }
    return this.sessionFor(userId, how.usedTemporaryPassword);
  }

  private async sessionFor(userId: number, mustChangePassword = false): Promise<SessionPayload> {
    const user = (await this.accounts.findUserById(userId))!;
    return {
      status: 200,
      token: await this.tokens.issue(userId),
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      username: user.username,
      must_change_password: mustChangePassword,
    };
  }
}
