import { logFileSchema } from '@siplog/contracts';
import { z } from 'zod';
import { adminProcedure } from '../../procedures/admin-procedure';
import type { AdminFilesService } from './admin-files.service';

/**
 * The tRPC twins of the admin file calls (the download stays REST: it is a file). The admin check runs
 * before the input is parsed, as on REST: a guest gets 401 and anyone else 403 whatever the input says.
 */
export function adminFilesProcedures(files: AdminFilesService) {
  const admin = adminProcedure(files);
  return {
    logFile: admin.input(logFileSchema).query(({ ctx, input }) => files.logFile(ctx.actor, input)),
    backup: admin.input(z.strictObject({}).optional()).mutation(({ ctx }) => files.backup(ctx.actor)),
  };
}
