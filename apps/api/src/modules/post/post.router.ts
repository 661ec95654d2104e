import { establishmentIdSchema, userOrdersSchema } from '@siplog/contracts';
import { publicProcedure, router } from '../../trpc/trpc';
import type { PostService } from './post.service';

export function postRouter(posts: PostService) {
  return router({
    recentOrders: publicProcedure.input(userOrdersSchema).query(({ input }) => posts.recentOrders(input.username, input.limit)),
    byEstablishment: publicProcedure.input(establishmentIdSchema).query(({ input }) => posts.byEstablishment(input.establishment_id)),
    fiveStarOrders: publicProcedure.input(userOrdersSchema).query(({ input }) => posts.fiveStarOrders(input.username, input.limit)),
  });
}
