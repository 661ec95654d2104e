import { Injectable, Logger } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  POST_MESSAGES,
  USER_MESSAGES,
  type adminDeletePostSchema,
  type adminSendEmailSchema,
  type adminUpdateUserSchema,
} from '@siplog/contracts';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { AuthService } from '../auth/auth.service';
import { TokenService } from '../auth/token.service';
import { MailService } from '../mail/mail.service';
import { PostAuthoringService } from '../post/post-authoring.service';
import { PostService, type PostView } from '../post/post.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { STALE_AFTER } from '../public-cache/public-cache.tags';
import { AdminUsersRepository, type AdminProfileChanges, type AdminTarget, type UserAdminView } from './admin-users.repository';

export interface AdminDone {
  status: 200;
  msg: string;
}

type UpdateUserInput = z.output<typeof adminUpdateUserSchema>;
type SendEmailInput = z.output<typeof adminSendEmailSchema>;
type DeletePostInput = z.output<typeof adminDeletePostSchema>;

/**
 * The operator's people and posts (spec §7 Admin: users, password reset, profile edit, e-mail, a person's
 * posts and deleting one). Every method starts with the one admin check, so REST and tRPC refuse alike;
 * every change is written to the log with who did what to whom.
 */
@Injectable()
export class AdminUsersService {
  private readonly logger = new Logger(AdminUsersService.name);

  constructor(
    private readonly repository: AdminUsersRepository,
    private readonly auth: AuthService,
    private readonly mail: MailService,
    private readonly posts: PostService,
    private readonly authoring: PostAuthoringService,
    private readonly cache: PublicCacheService,
    private readonly tokens: TokenService,
  ) {}

  /** 403 for anyone outside ADMIN_EMAILS; the guards and tRPC middleware call it before reading the input. */
  requireAdmin(actor: AuthUser): void {
    this.auth.requireAdmin(actor);
  }

  /** Everyone (deactivated people too), by e-mail; only verified ones when the Verified box is checked (`true`). */
  async getUsers(actor: AuthUser, verifiedOnly?: boolean): Promise<{ users: UserAdminView[] }> {
    this.auth.requireAdmin(actor);
    const found = await this.repository.listUsers(verifiedOnly);
    this.audit(actor, 'listed', verifiedOnly ? 'verified users' : 'all users');
    return { users: found };
  }

  /** Mails the person a temporary password, exactly as 'Email Password' does; their password keeps working until it is used. */
  async changePassword(actor: AuthUser, email: string): Promise<AdminDone> {
    this.auth.requireAdmin(actor);
    const user = await this.findUser(email);
    try {
      await this.auth.sendTemporaryPassword(user);
    } catch (error) {
      this.logger.error(`Admin ${who(actor)}: temporary password for ${user.email} not sent: ${(error as Error).message}`);
      throw new AppError('UNAVAILABLE', ADMIN_MESSAGES.emailFailed.body);
    }
    this.audit(actor, 'mailed a temporary password to', user.email);
    return { status: 200, msg: ADMIN_MESSAGES.passwordChanged };
  }

  /** Absent fields stay as they are; a blank name stays too (a person always has one), a blank address or phone clears it. */
  async updateUser(actor: AuthUser, input: UpdateUserInput): Promise<AdminDone> {
    this.auth.requireAdmin(actor);
    const user = await this.findUser(input.email);
    const changes: AdminProfileChanges = {};
    if (input.firstname) changes.firstName = input.firstname;
    if (input.lastname) changes.lastName = input.lastname;
    if (input.address !== undefined) changes.address = input.address;
    if (input.phonenumber !== undefined) changes.phone = input.phonenumber;
    if (input.zipcode !== undefined) changes.zipCode = input.zipcode;
    if (Object.keys(changes).length > 0) {
      await this.repository.updateProfile(user.id, changes);
      // Their signed-in requests carry their names: tokens remembered with the old ones are read again.
      await this.tokens.changed(user.id);
      await this.cache.changed(STALE_AFTER.person());
    }
    this.audit(actor, `updated the profile (${Object.keys(changes).join(', ') || 'no changes'}) of`, user.email);
    return { status: 200, msg: USER_MESSAGES.detailsUpdated };
  }

  /** The admin's message to one person, greeted by first name; a mail failure is 503 'Failed to send email'. */
  async sendEmail(actor: AuthUser, input: SendEmailInput): Promise<AdminDone> {
    this.auth.requireAdmin(actor);
    const user = await this.findUser(input.recipient);
    try {
      await this.mail.send({ to: user.email, subject: input.subject, text: `Hi ${user.firstName},\n\n${input.message}` });
    } catch (error) {
      this.logger.error(`Admin ${who(actor)}: e-mail to ${user.email} not sent: ${(error as Error).message}`);
      throw new AppError('UNAVAILABLE', ADMIN_MESSAGES.emailFailed.body);
    }
    this.audit(actor, `e-mailed "${oneLine(input.subject)}" to`, user.email);
    return { status: 200, msg: ADMIN_MESSAGES.emailSent };
  }

  /** All of one person's reviews, newest first, in the feed's post shape. */
  async postsByUser(actor: AuthUser, email: string): Promise<{ posts: PostView[] }> {
    this.auth.requireAdmin(actor);
    const user = await this.findUser(email);
    this.audit(actor, 'loaded the posts of', user.email);
    return { posts: await this.posts.allByUser(user.id) };
  }

  /** Deletes a review with its photos, likes and comments; an establishment_id that is not the review's is 404 too. */
  async deletePost(actor: AuthUser, input: DeletePostInput): Promise<AdminDone> {
    this.auth.requireAdmin(actor);
    const post = await this.repository.findPostWithAuthor(input.post_id);
    if (!post || (input.establishment_id !== undefined && input.establishment_id !== post.establishmentId)) {
      throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
    }
    await this.authoring.remove(actor, input.post_id);
    this.audit(actor, `deleted review ${input.post_id} (establishment ${post.establishmentId}) of`, post.username);
    return { status: 200, msg: ADMIN_MESSAGES.postDeleted };
  }

  private async findUser(email: string): Promise<AdminTarget> {
    const user = await this.repository.findUserByEmail(email);
    if (!user) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    return user;
  }

  private audit(actor: AuthUser, action: string, target: string): void {
    this.logger.log(`Admin ${who(actor)} ${action} ${target}`);
  }
}

function who(actor: AuthUser): string {
  return `${actor.username} <${actor.email}>`;
}

/** A subject as one log line: no line breaks, at most 80 characters. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').slice(0, 80);
}
