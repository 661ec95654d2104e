import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { emailSettingsSchema, emailSettingsUpdateSchema, markReadSchema, notificationPageSchema, unreadCountSchema, unsubscribeSchema } from '@siplog/contracts';
import type { z } from 'zod';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { NotificationService } from './notification.service';
import { UnsubscribeService } from './unsubscribe.service';

@ApiTags('notification')
@Controller('api/notification')
@UseGuards(AuthGuard)
export class NotificationController {
  constructor(
    private readonly notifications: NotificationService,
    private readonly unsubscribes: UnsubscribeService,
  ) {}

  @Post('list')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "The caller's notifications, newest first, with how many are unread" })
  @ApiZodBody(notificationPageSchema)
  list(@Actor() actor: AuthUser, @ZodBody(notificationPageSchema) body: z.output<typeof notificationPageSchema>) {
    return this.notifications.list(actor, body.limit, body.skip);
  }

  @Post('unreadcount')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "How many of the caller's notifications are unread" })
  @ApiZodBody(unreadCountSchema)
  unreadCount(@Actor() actor: AuthUser, @ZodBody(unreadCountSchema) _body: z.output<typeof unreadCountSchema>) {
    return this.notifications.unreadCount(actor);
  }

  @Post('markread')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "Marks the listed notifications of the caller (others' are ignored), or all, read" })
  @ApiZodBody(markReadSchema)
  markRead(@Actor() actor: AuthUser, @ZodBody(markReadSchema) body: z.output<typeof markReadSchema>) {
    return this.notifications.markRead(actor, body);
  }

  @Post('emailsettings')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Which kinds of notification the caller has e-mailed' })
  @ApiZodBody(emailSettingsSchema)
  emailSettings(@Actor() actor: AuthUser, @ZodBody(emailSettingsSchema) _body: z.output<typeof emailSettingsSchema>) {
    return this.notifications.emailSettings(actor.id);
  }

  @Post('updateemailsettings')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Turns e-mail of the given kinds on or off for the caller' })
  @ApiZodBody(emailSettingsUpdateSchema)
  updateEmailSettings(@Actor() actor: AuthUser, @ZodBody(emailSettingsUpdateSchema) body: z.output<typeof emailSettingsUpdateSchema>) {
    return this.notifications.updateEmailSettings(actor, body);
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @ApiOperation({ summary: "An e-mail's unsubscribe link, signed out: that kind of e-mail off (or on again with resubscribe)" })
  @ApiZodBody(unsubscribeSchema)
  unsubscribe(@ZodBody(unsubscribeSchema) body: z.output<typeof unsubscribeSchema>) {
    return this.unsubscribes.apply(body.token, !body.resubscribe);
  }

  /** RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe URL; the body says nothing more. */
  @Post('unsubscribe/:token')
  @HttpCode(200)
  @ApiOperation({ summary: 'RFC 8058 one-click unsubscribe (the List-Unsubscribe header of notification e-mail)' })
  oneClickUnsubscribe(@Param('token') token: string) {
    return this.unsubscribes.apply(token, true);
  }
}
