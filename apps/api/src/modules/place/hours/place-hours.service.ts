import { Injectable, Logger } from '@nestjs/common';
import { HOURS_LIMITS, HOURS_MESSAGES, PLACE_SERVER_MESSAGES, type PlaceHours, type PlaceHoursChange } from '@siplog/contracts';
import { AppError } from '../../../common/app-error';
import type { AuthUser } from '../../../common/auth-user';
import { AuthService } from '../../auth/auth.service';
import { BlockService } from '../../block/block.service';
import { PublicCacheService } from '../../public-cache/public-cache.service';
import { STALE_AFTER } from '../../public-cache/public-cache.tags';
import { RateLimitService } from '../../rate-limit/rate-limit.service';
import { evaluateHours, KEPT_BEHIND } from './opening-hours';
import { PlaceHoursRepository, type HoursChangeRow, type HoursSource, type NewHours } from './place-hours.repository';

const DAY = 24 * 60 * 60_000;

/** A place's row as far as its hours go (PlaceService's rows carry these). */
export interface HoursRow {
  id: number;
  openingHours: string | null;
  timeZone: string | null;
  hoursUntil: number | null;
}

/**
 * Opening hours (issue 31): setting and reverting them with their history, and reading them for the place page. Hours
 * are evaluated once, when set and when their window of open intervals runs low (the sweeper), never per request: the
 * place page reads an indexed range of place_hours_intervals. Pins don't come here: they read the two intervals each
 * place's row keeps (place.views.ts pinHoursOf), which advanceOpen moves on by the minute.
 */
@Injectable()
export class PlaceHoursService {
  private readonly logger = new Logger(PlaceHoursService.name);

  constructor(
    private readonly repository: PlaceHoursRepository,
    private readonly rateLimit: RateLimitService,
    private readonly auth: AuthService,
    private readonly blocks: BlockService,
    private readonly cache: PublicCacheService,
  ) {}

  /** Sets the place's hours ('' clears them); a text the library can't read, or can't evaluate there, is a 400. */
  async set(actor: AuthUser, establishmentId: number, text: string): Promise<void> {
    const place = await this.require(establishmentId);
    const openingHours = text === '' ? null : text;
    if (openingHours === place.openingHours) throw new AppError('BAD_REQUEST', HOURS_MESSAGES.noChange);
    const hours = this.evaluate(place, openingHours, Date.now());
    await this.rateLimit.consume('hoursChange', String(actor.id));
    await this.apply({ establishmentId, userId: actor.id, expected: place.openingHours, hours });
  }

  /** Puts back the hours a change replaced: its author or an admin, while nothing has changed them since. */
  async revert(actor: AuthUser, changeId: number): Promise<number> {
    const change = await this.repository.change(changeId);
    if (!change) throw new AppError('NOT_FOUND', HOURS_MESSAGES.changeNotFound);
    if (change.userId !== actor.id && !this.auth.isAdmin(actor)) throw new AppError('FORBIDDEN', HOURS_MESSAGES.notYourChange);
    await this.undo(actor.id, change, () => this.rateLimit.consume('hoursChange', String(actor.id)));
    return change.establishmentId;
  }

  /** A moderator's "remove" of a reported change: reverted when it is still in force; else there is nothing to undo. */
  async removeReported(adminId: number, changeId: number): Promise<void> {
    const change = await this.repository.change(changeId);
    if (!change || change.revertedAt !== null) return;
    const place = await this.repository.source(change.establishmentId);
    if (place?.openingHours === change.after) await this.undo(adminId, change);
  }

  /** The place's changes, newest first, without those of people hidden from the viewer (blocked either way). */
  async history(viewer: AuthUser | null, establishmentId: number): Promise<{ changes: PlaceHoursChange[] }> {
    const place = await this.require(establishmentId);
    const [rows, hidden] = await Promise.all([this.repository.history(establishmentId, HOURS_LIMITS.historyMax), this.blocks.hiddenFor(viewer)]);
    const admin = viewer !== null && this.auth.isAdmin(viewer);
    return {
      changes: rows
        .filter((row) => !hidden.includes(row.userId))
        .map((row) => ({
          id: row.id,
          username: row.username,
          created_at: new Date(row.createdAt).toISOString(),
          before: row.before,
          after: row.after,
          reverts_id: row.revertsId,
          reverted: row.revertedAt !== null,
          can_revert: viewer !== null && (admin || row.userId === viewer.id) && revertible(row, place),
        })),
    };
  }

  /** What a report of a change keeps: whose it is and what it did. */
  async reportTarget(changeId: number): Promise<{ ownerId: number; snapshot: Record<string, unknown> } | undefined> {
    const change = await this.repository.change(changeId);
    if (!change) return undefined;
    return {
      ownerId: change.userId,
      snapshot: { establishment_id: change.establishmentId, username: change.username, before: change.before, after: change.after, created_at: new Date(change.createdAt).toISOString() },
    };
  }

  /** The place page's hours of each row that has them, in two queries however many rows. */
  async pageHoursOf(rows: readonly HoursRow[], now = Date.now()): Promise<Map<number, PlaceHours>> {
    const withHours = rows.filter((row) => row.openingHours !== null && row.timeZone !== null && row.hoursUntil !== null);
    const ids = withHours.map((row) => row.id);
    const [intervals, changes] = await Promise.all([this.repository.intervalsOf(ids, now - KEPT_BEHIND, Number.MAX_SAFE_INTEGER), this.repository.lastChangesOf(ids)]);
    return new Map(
      withHours.map((row) => {
        const change = changes.get(row.id);
        const hours: PlaceHours = {
          opening_hours: row.openingHours!,
          time_zone: row.timeZone!,
          intervals: intervals.get(row.id) ?? [],
          until: Number(row.hoursUntil),
          changed_by: change?.username ?? '',
          changed_at: change ? new Date(change.createdAt).toISOString() : '',
        };
        return [row.id, hours];
      }),
    );
  }

  /** Moves every place's kept open interval on once it has ended (the sweeper, by the minute). */
  advanceOpen(now = Date.now()): Promise<void> {
    return this.repository.advanceOpen(now);
  }

  /** Of these places, those open at `now` (place search's "open first"). */
  openAmong(ids: number[], now = Date.now()): Promise<Set<number>> {
    return this.repository.openAmong(ids, now);
  }

  /**
   * Rolls forward the intervals of places whose window runs low, at most `limit` of them: true when there may be more.
   * Hours that no longer evaluate (a holiday table the library dropped) keep their last intervals and are logged.
   */
  async refreshDue(limit: number, now = Date.now()): Promise<{ refreshed: number; more: boolean }> {
    const due = await this.repository.dueForRefresh(now + HOURS_LIMITS.refreshBelowDays * DAY, limit);
    let refreshed = 0;
    for (const place of due) {
      if (place.openingHours === null) continue;
      try {
        const hours = this.evaluate(place, place.openingHours, now);
        if (await this.repository.refreshIntervals(place.id, place.openingHours, hours.intervals, hours.until!, now)) {
          refreshed++;
          await this.cache.changed(STALE_AFTER.placeHours(place.id));
        }
      } catch (error) {
        this.logger.warn(`Hours of place ${place.id} no longer evaluate: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { refreshed, more: due.length === limit };
  }

  /** `charge`: the budget spent once the revert is known to be possible (a refused one costs nothing). */
  private async undo(userId: number, change: HoursChangeRow, charge?: () => Promise<unknown>): Promise<void> {
    if (change.revertedAt !== null) throw new AppError('CONFLICT', HOURS_MESSAGES.alreadyReverted);
    const place = await this.require(change.establishmentId);
    if (place.openingHours !== change.after) throw new AppError('CONFLICT', HOURS_MESSAGES.changedSince);
    const hours = this.evaluate(place, change.before, Date.now());
    await charge?.();
    await this.apply({ establishmentId: change.establishmentId, userId, expected: change.after, hours, reverts: change.id });
  }

  private async apply(change: { establishmentId: number; userId: number; expected: string | null; hours: NewHours; reverts?: number }): Promise<void> {
    const id = await this.repository.applyChange({ ...change, now: Date.now() });
    if (id === null) throw new AppError('CONFLICT', HOURS_MESSAGES.changedSince);
    await this.cache.changed(STALE_AFTER.placeHours(change.establishmentId));
  }

  /** The hours' stored form and their open intervals (evaluateHours); 400 if they can't be read or evaluated there. */
  private evaluate(place: HoursSource, openingHours: string | null, now: number): NewHours {
    if (openingHours === null) return { openingHours: null, timeZone: place.timeZone, intervals: [], until: null };
    const hours = evaluateHours(openingHours, place, now);
    if ('problem' in hours) throw new AppError('BAD_REQUEST', hours.problem);
    return { openingHours, timeZone: hours.timeZone, intervals: hours.intervals, until: hours.until };
  }

  private async require(id: number): Promise<HoursSource> {
    const place = await this.repository.source(id);
    if (!place) throw new AppError('NOT_FOUND', PLACE_SERVER_MESSAGES.notFound);
    return place;
  }
}

/** A change can be reverted while it is in force: not reverted yet, and the hours are still what it set. */
const revertible = (change: HoursChangeRow, place: HoursSource) => change.revertedAt === null && place.openingHours === change.after;
