import { clientLogSchema, contactRequestSchema } from '@siplog/contracts';
import { publicProcedure, router } from '../../procedures/procedure-tiers';
import type { SupportService } from './support.service';

export function supportRouter(support: SupportService) {
  return router({
    info: publicProcedure.query(() => support.info()),
    contact: publicProcedure.input(contactRequestSchema).mutation(({ ctx, input }) => support.contact(ctx.client, input)),
    clientLog: publicProcedure.input(clientLogSchema).mutation(({ ctx, input }) => support.clientLog(ctx.client, input)),
  });
}
