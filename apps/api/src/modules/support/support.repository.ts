import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { contactMessages, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** A contact message as stored, before it is mailed. */
export interface ContactMessage {
  supportEmail: string;
  clientEmail: string;
  firstName: string;
  lastName: string;
  phone: string;
  message: string;
  ip: string;
}

/** Every read and write of contact_messages; contact is rate-limited and rare, so plain builders. */
@Injectable()
export class SupportRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The id of the same sender's same message stored since `since` and not yet mailed, if any. */
  async findUnmailed(clientEmail: string, message: string, since: Date): Promise<number | undefined> {
    const [unmailed] = await this.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.clientEmail, clientEmail),
          eq(contactMessages.message, message),
          isNull(contactMessages.mailedAt),
          gt(contactMessages.createdAt, since),
        ),
      )
      .limit(1);
    return unmailed?.id;
  }

  /** Stores a new message and answers its id. */
  async insertMessage(values: ContactMessage): Promise<number> {
    const [saved] = await this.db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
    return saved!.id;
  }

  /** Overwrites a stored message with `values` and answers its id. */
  async replaceMessage(id: number, values: ContactMessage): Promise<number> {
    const [saved] = await this.db.update(contactMessages).set(values).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
    return saved!.id;
  }

  async markMailed(id: number, at: Date): Promise<void> {
    await this.db.update(contactMessages).set({ mailedAt: at }).where(eq(contactMessages.id, id));
  }
}
