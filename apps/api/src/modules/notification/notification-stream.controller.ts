import { Controller, Get, Logger, Req, Res, UseGuards, type OnApplicationShutdown } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppError } from '../../common/app-error';
import { Actor, AuthGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { EventBus } from '../events/event-bus.service';
import { NotificationService } from './notification.service';

/** A comment line now and then, so proxies and the browser keep an idle stream open. */
const HEARTBEAT_MS = 25_000;
/** Open streams per person on one node (tabs and devices); more is someone holding connections for nothing. */
const STREAMS_PER_PERSON = 8;

/**
 * The unread count pushed to open pages (Server-Sent Events over a plain GET with the bearer token in its header,
 * read by the web app with fetch): once when the stream opens, then whenever the person's count may have changed on
 * any node (the EventBus carries it between nodes on PostgreSQL): a notification recorded or read, or one taken back
 * or out of sight (an unlike, an unfollow, a deleted comment or review, a block, someone deactivated, suspended or
 * erased, or back). Pages fall back to polling when the stream cannot be held.
 */
@ApiTags('notification')
@Controller('api/notification')
@UseGuards(AuthGuard)
export class NotificationStreamController implements OnApplicationShutdown {
  private readonly logger = new Logger(NotificationStreamController.name);
  private readonly open = new Map<number, Set<Response>>();

  constructor(
    private readonly notifications: NotificationService,
    private readonly events: EventBus,
  ) {
    events.subscribe('notification', (people) => {
      const targets = people === null ? [...this.open.keys()] : people.filter((id) => this.open.has(id));
      for (const id of new Set(targets)) void this.sendUnread(id);
    });
    events.onGap(() => {
      for (const id of this.open.keys()) void this.sendUnread(id);
    });
  }

  @Get('stream')
  @ApiBearerAuth()
  @ApiOperation({ summary: "A text/event-stream of the caller's unread count: `event: unread` with `{unread}` now and on every change" })
  async stream(@Actor() actor: AuthUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    const streams = this.open.get(actor.id) ?? new Set<Response>();
    if (streams.size >= STREAMS_PER_PERSON) throw new AppError('TOO_MANY_REQUESTS', undefined, 60);
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    // nginx would otherwise hold the events in its buffer.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    streams.add(res);
    this.open.set(actor.id, streams);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    req.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(res);
      if (streams.size === 0) this.open.delete(actor.id);
    });
    await this.sendUnread(actor.id, res);
  }

  onApplicationShutdown(): void {
    for (const streams of this.open.values()) for (const res of streams) res.end();
    this.open.clear();
  }

  /** Reads the person's unread count once and sends it to `only`, or to every stream they hold here. */
  private async sendUnread(userId: number, only?: Response): Promise<void> {
    try {
      const { unread } = await this.notifications.unreadCount({ id: userId } as AuthUser);
      const event = `event: unread\ndata: ${JSON.stringify({ unread })}\n\n`;
      for (const res of only ? [only] : (this.open.get(userId) ?? [])) if (!res.writableEnded) res.write(event);
    } catch (error) {
      this.logger.warn(`Could not push the unread count: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
