import { Inject, Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import { posts, users, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** A person as the admin's Users panel sees them (spec §3 User admin view). */
export interface UserAdminView {
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  address: string;
  zip_code: string;
  verified: boolean;
  /** Deactivated by the person (Terms); signing in again reactivates. */
  deactivated: boolean;
  /** Suspended by an admin (issue 17), with the reason given; Unsuspend lifts it. */
  suspended: boolean;
  suspension_reason: string | null;
}

/** The person an admin call is about. */
export interface AdminTarget {
  id: number;
  email: string;
  firstName: string;
}

/** The profile fields an admin may edit; an absent one stays as it is. */
export interface AdminProfileChanges {
  firstName?: string;
  lastName?: string;
  address?: string;
  phone?: string;
  zipCode?: string;
}

const adminViewColumns = {
  email: users.email,
  username: users.username,
  first_name: users.firstName,
  last_name: users.lastName,
  phone_number: users.phone,
  address: users.address,
  zip_code: users.zipCode,
  verified: users.verified,
  deactivatedAt: users.deactivatedAt,
  suspendedAt: users.suspendedAt,
  suspension_reason: users.suspensionReason,
};

/** The admin Users panel's reads and writes of people and reviews; admin calls are rare, so plain builders. */
@Injectable()
export class AdminUsersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Everyone (deactivated people too) by e-mail, or only verified people. */
  async listUsers(verifiedOnly?: boolean): Promise<UserAdminView[]> {
    const rows = await this.db
      .select(adminViewColumns)
      .from(users)
      .where(verifiedOnly ? eq(users.verified, true) : undefined)
      .orderBy(asc(users.email));
    return rows.map(({ deactivatedAt, suspendedAt, ...row }) => ({ ...row, deactivated: deactivatedAt !== null, suspended: suspendedAt !== null }));
  }

  async findUserByEmail(email: string): Promise<AdminTarget | undefined> {
    const [user] = await this.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.email, email));
    return user;
  }

  async updateProfile(userId: number, changes: AdminProfileChanges): Promise<void> {
    await this.db.update(users).set(changes).where(eq(users.id, userId));
  }

  /** The review's place and its author's username, or undefined when there is no such review. */
  async findPostWithAuthor(postId: number): Promise<{ establishmentId: number; username: string } | undefined> {
    const [post] = await this.db
      .select({ establishmentId: posts.establishmentId, username: users.username })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(eq(posts.id, postId));
    return post;
  }
}
