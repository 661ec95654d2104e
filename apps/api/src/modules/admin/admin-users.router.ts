import {
  adminDeletePostSchema,
  adminGetUsersSchema,
  adminSendEmailSchema,
  adminUpdateUserSchema,
  adminUserEmailSchema,
} from '@siplog/contracts';
import { adminProcedure } from '../../procedures/admin-procedure';
import type { AdminUsersService } from './admin-users.service';

/** The Users panel's procedures, spread into `admin`; the admin check runs before the input is read (as REST's guard). */
export function adminUsersProcedures(users: AdminUsersService) {
  const admin = adminProcedure(users);
  return {
    users: admin.input(adminGetUsersSchema.optional()).query(({ ctx, input }) => users.getUsers(ctx.actor, input?.verified)),
    changePassword: admin.input(adminUserEmailSchema).mutation(({ ctx, input }) => users.changePassword(ctx.actor, input.email)),
    updateUser: admin.input(adminUpdateUserSchema).mutation(({ ctx, input }) => users.updateUser(ctx.actor, input)),
    sendEmail: admin.input(adminSendEmailSchema).mutation(({ ctx, input }) => users.sendEmail(ctx.actor, input)),
    postsByUser: admin.input(adminUserEmailSchema).query(({ ctx, input }) => users.postsByUser(ctx.actor, input.email)),
    deletePost: admin.input(adminDeletePostSchema).mutation(({ ctx, input }) => users.deletePost(ctx.actor, input)),
  };
}
