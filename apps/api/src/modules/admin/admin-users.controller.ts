import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  adminDeletePostSchema,
  adminGetUsersSchema,
  adminSendEmailSchema,
  adminUpdateUserSchema,
  adminUserEmailSchema,
} from '@siplog/contracts';
import type { z } from 'zod';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { AdminGuard } from './admin.guard';
import { AdminUsersService } from './admin-users.service';

/** The Users panel's calls (spec §7 Admin); admins only: guests 401, everyone else 403. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin')
@UseGuards(AuthGuard, AdminGuard)
export class AdminUsersController {
  constructor(private readonly admin: AdminUsersService) {}

  @Post('getusers')
  @HttpCode(200)
  @ApiOperation({ summary: 'Everyone, in the admin view; only verified (or unverified) people when `verified` is given' })
  @ApiZodBody(adminGetUsersSchema)
  getUsers(@Actor() actor: AuthUser, @ZodBody(adminGetUsersSchema) body: z.output<typeof adminGetUsersSchema>) {
    return this.admin.getUsers(actor, body.verified);
  }

  @Post('adminchangepwd')
  @HttpCode(200)
  @ApiOperation({ summary: "Mail the person a temporary password, as 'Email Password' does" })
  @ApiZodBody(adminUserEmailSchema)
  changePassword(@Actor() actor: AuthUser, @ZodBody(adminUserEmailSchema) body: z.output<typeof adminUserEmailSchema>) {
    return this.admin.changePassword(actor, body.email);
  }

  @Post('updateuserprofile')
  @HttpCode(200)
  @ApiOperation({ summary: "Edit a person's first and last name, address and phone" })
  @ApiZodBody(adminUpdateUserSchema)
  updateUser(@Actor() actor: AuthUser, @ZodBody(adminUpdateUserSchema) body: z.output<typeof adminUpdateUserSchema>) {
    return this.admin.updateUser(actor, body);
  }

  @Post('sendemail')
  @HttpCode(200)
  @ApiOperation({ summary: 'E-mail one person, greeted by first name' })
  @ApiZodBody(adminSendEmailSchema)
  sendEmail(@Actor() actor: AuthUser, @ZodBody(adminSendEmailSchema) body: z.output<typeof adminSendEmailSchema>) {
    return this.admin.sendEmail(actor, body);
  }

  @Post('loadpostsbyuser')
  @HttpCode(200)
  @ApiOperation({ summary: "All of a person's reviews, newest first" })
  @ApiZodBody(adminUserEmailSchema)
  postsByUser(@Actor() actor: AuthUser, @ZodBody(adminUserEmailSchema) body: z.output<typeof adminUserEmailSchema>) {
    return this.admin.postsByUser(actor, body.email);
  }

  @Post('deletepost')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a review with its photos, likes and comments' })
  @ApiZodBody(adminDeletePostSchema)
  deletePost(@Actor() actor: AuthUser, @ZodBody(adminDeletePostSchema) body: z.output<typeof adminDeletePostSchema>) {
    return this.admin.deletePost(actor, body);
  }
}
