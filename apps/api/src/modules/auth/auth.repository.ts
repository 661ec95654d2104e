import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { sessions, users, verificationCodes, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

export type UserRow = typeof users.$inferSelect;

/** What registration stores of a new account. */
export interface NewAccount {
  email: string;
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  zipCode: string;
  yearOfBirth: number | null;
  verified: boolean;
}

const P = sql.placeholder;

/**
 * Accounts as signing in sees them (e-mail, username, passwords, deactivation), join codes, and the purge of dead
 * sessions and codes. The look-ups every sign-in and username check makes are prepared once; the writes are rare.
 */
@Injectable()
export class AuthRepository {
  private readonly byEmailQuery;
  private readonly byIdQuery;
  private readonly usernameTakenQuery;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.byEmailQuery = db.prepared('auth.userByEmail', (orm) => orm.select().from(users).where(eq(users.email, P('email'))));
    this.byIdQuery = db.prepared('auth.userById', (orm) => orm.select().from(users).where(eq(users.id, P('id'))));
    this.usernameTakenQuery = db.prepared('auth.usernameTaken', (orm) =>
      orm
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, P('username'))),
    );
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.byEmailQuery.get({ email });
  }

  async findUserById(id: number): Promise<UserRow | undefined> {
    return this.byIdQuery.get({ id });
  }

  /** Any account holds it, whatever its state. */
  async isUsernameTaken(username: string): Promise<boolean> {
    return (await this.usernameTakenQuery.get({ username })) !== undefined;
  }

  /**
   * Inserts unless the username or the e-mail is taken (their unique indexes decide a race): the new id, or
   * undefined when nothing was inserted.
   */
  async createUser(account: NewAccount): Promise<number | undefined> {
    const [created] = await this.db.insert(users).values(account).onConflictDoNothing().returning({ id: users.id });
    return created?.id;
  }

  /** A new code replaces any earlier one for the address, in one transaction. */
  replaceVerificationCode(email: string, codeHash: string, expiresAt: Date): Promise<void> {
    return this.db.transaction(async () => {
      await this.db
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(verificationCodes.email, email), isNull(verificationCodes.consumedAt)));
      await this.db.insert(verificationCodes).values({ email, codeHash, expiresAt });
    });
  }

  /** The address's newest code still usable: not consumed, not expired, fewer than `maxAttempts` wrong tries. */
  async findUsableVerificationCode(email: string, maxAttempts: number): Promise<{ id: number; codeHash: string } | undefined> {
    const [code] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.email, email),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, new Date()),
          lt(verificationCodes.attempts, maxAttempts),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return code && { id: code.id, codeHash: code.codeHash };
  }

  async countWrongCodeAttempt(codeId: number): Promise<void> {
    await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, codeId));
  }

  async consumeVerificationCode(codeId: number): Promise<void> {
    await this.db.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, codeId));
  }

  /** Replaces any pending temporary password; the current password keeps working. */
  async setTemporaryPassword(userId: number, tempPasswordHash: string, expiresAt: Date): Promise<void> {
    await this.db.update(users).set({ tempPasswordHash, tempPasswordExpiresAt: expiresAt }).where(eq(users.id, userId));
  }

  /**
   * Moves the temporary password to the recovery slot, only while the row still holds that hash unexpired at `now`:
   * true when this call moved it.
   */
  async spendTemporaryPassword(userId: number, tempHash: string, now: Date, recoveryExpiresAt: Date): Promise<boolean> {
    const spent = await this.db
      .update(users)
      .set({
        recoveryPasswordHash: tempHash,
        recoveryExpiresAt,
        tempPasswordHash: null,
        tempPasswordExpiresAt: null,
      })
      .where(and(eq(users.id, userId), eq(users.tempPasswordHash, tempHash), gt(users.tempPasswordExpiresAt, now)))
      .returning({ id: users.id });
    return spent.length === 1;
  }

  /** The new password ends any temporary or recovery password. */
  async setPassword(userId: number, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, tempPasswordHash: null, tempPasswordExpiresAt: null, recoveryPasswordHash: null, recoveryExpiresAt: null })
      .where(eq(users.id, userId));
  }

  async deactivate(userId: number): Promise<void> {
    await this.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, userId));
  }

  /** Clears a deactivation: the username when the account was deactivated, else undefined (nothing changed). */
  async reactivate(userId: number): Promise<string | undefined> {
    const [reactivated] = await this.db
      .update(users)
      .set({ deactivatedAt: null })
      .where(and(eq(users.id, userId), isNotNull(users.deactivatedAt)))
      .returning({ username: users.username });
    return reactivated?.username;
  }

  async isSuspended(userId: number): Promise<boolean> {
    const suspended = (await this.db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, userId)))[0]?.at;
    return !!suspended;
  }

  /** Deletes sessions expired before `now` or revoked; answers how many. */
  async purgeDeadSessions(now: Date): Promise<number> {
    return (
      await this.db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
    ).length;
  }

  /** Deletes join codes expired before `now` or consumed; answers how many. */
  async purgeDeadVerificationCodes(now: Date): Promise<number> {
    return (
      await this.db
        .delete(verificationCodes)
        .where(or(lt(verificationCodes.expiresAt, now), isNotNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id })
    ).length;
  }
}
