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
import { authedProcedure, publicProcedure, router } from '../../procedures/procedure-tiers';
import type { AuthService } from './auth.service';

export function authRouter(auth: AuthService) {
  return router({
    requestCode: publicProcedure
      .input(emailOnlySchema)
      .mutation(({ ctx, input }) => auth.requestVerificationCode(ctx.client, input.email)),
    usernameAvailable: publicProcedure
      .input(usernameAvailableSchema)
      .query(({ ctx, input }) => auth.usernameAvailable(ctx.client, input.username)),
    register: publicProcedure.input(registerUserSchema).mutation(({ ctx, input }) => auth.register(ctx.client, input)),
    login: publicProcedure.input(authenticateUserSchema).mutation(({ ctx, input }) => auth.login(ctx.client, input)),
    requestTempPassword: publicProcedure
      .input(forgotPasswordSchema)
      .mutation(({ ctx, input }) => auth.requestTemporaryPassword(ctx.client, input.email)),
    changePassword: authedProcedure.input(changePasswordSchema).mutation(({ ctx, input }) => auth.changePassword(ctx.actor, input)),
    deactivateAccount: authedProcedure
      .input(deactivateAccountSchema)
      .mutation(({ ctx, input }) => auth.deactivateAccount(ctx.actor, input)),
    checkUserStatus: authedProcedure.input(actingUserSchema).query(({ ctx, input }) => auth.checkUserStatus(ctx.actor, input.email)),
    logout: authedProcedure.mutation(({ ctx }) => auth.logout(ctx.actor)),
  });
}
