import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  actingUserSchema,
  authenticateUserSchema,
  changePasswordSchema,
  deactivateAccountSchema,
  emailOnlySchema,
  forgotPasswordSchema,
  registerUserSchema,
  usernameAvailableSchema,
} from '@siplog/contracts';
import type { z } from 'zod';
import { Client, type ClientInfo } from '../../common/client-info';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from './auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { AuthService } from './auth.service';

@ApiTags('user: account')
@Controller('api/user')
@UseGuards(AuthGuard)
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('getemailverificationcode')
  @HttpCode(200)
  @ApiOperation({ summary: 'E-mails a registration code (case sensitive, 10 minutes, 5 tries)' })
  @ApiZodBody(emailOnlySchema)
  requestCode(@Client() client: ClientInfo, @ZodBody(emailOnlySchema) body: z.output<typeof emailOnlySchema>) {
    return this.auth.requestVerificationCode(client, body.email);
  }

  @Post('usernameavailable')
  @HttpCode(200)
  @ApiZodBody(usernameAvailableSchema)
  usernameAvailable(@Client() client: ClientInfo, @ZodBody(usernameAvailableSchema) body: z.output<typeof usernameAvailableSchema>) {
    return this.auth.usernameAvailable(client, body.username);
  }

  @Post('registeruser')
  @HttpCode(200)
  @ApiZodBody(registerUserSchema)
  register(@Client() client: ClientInfo, @ZodBody(registerUserSchema) body: z.output<typeof registerUserSchema>) {
    return this.auth.register(client, body);
  }

  @Post('authenticateuser')
  @HttpCode(200)
  @ApiOperation({ summary: 'Login: 200 with the session, or 401 Invalid credentials' })
  @ApiZodBody(authenticateUserSchema)
  login(@Client() client: ClientInfo, @ZodBody(authenticateUserSchema) body: z.output<typeof authenticateUserSchema>) {
    return this.auth.login(client, body);
  }

  @Post('gettemppwd')
  @HttpCode(200)
  @ApiOperation({ summary: 'E-mails a single-use temporary password; the answer never tells whether the account exists' })
  @ApiZodBody(forgotPasswordSchema)
  tempPassword(@Client() client: ClientInfo, @ZodBody(forgotPasswordSchema) body: z.output<typeof forgotPasswordSchema>) {
    return this.auth.requestTemporaryPassword(client, body.email);
  }

  @Post('changepassword')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Changes the password, ends every session and answers with a new token' })
  @ApiZodBody(changePasswordSchema)
  changePassword(@Actor() actor: AuthUser, @ZodBody(changePasswordSchema) body: z.output<typeof changePasswordSchema>) {
    return this.auth.changePassword(actor, body);
  }

  @Post('deactivateaccount')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Deactivates the account (asks for the password); signing in again reactivates it' })
  @ApiZodBody(deactivateAccountSchema)
  deactivate(@Actor() actor: AuthUser, @ZodBody(deactivateAccountSchema) body: z.output<typeof deactivateAccountSchema>) {
    return this.auth.deactivateAccount(actor, body);
  }

  @Post('checkuserstatus')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Whether the signed-in account may open the admin screen' })
  @ApiZodBody(actingUserSchema)
  checkUserStatus(@Actor() actor: AuthUser, @ZodBody(actingUserSchema) body: z.output<typeof actingUserSchema>) {
    return this.auth.checkUserStatus(actor, body.email);
  }

  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Revokes the calling token' })
  logout(@Actor() actor: AuthUser) {
    return this.auth.logout(actor);
  }
}
