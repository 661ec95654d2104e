import { userOrdersSchema } from '@siplog/contracts';
import { publicProcedure, router } from '../../trpc/trpc';
import type { PostService } from './post.service';

export function postRouter(posts: PostService) {
  return router({
    recentOrders: publicProcedure.input(userOrdersSchema).query(({ input }) => posts.ordersForUser(input.username, input.limit, false)),
    fiveStarOrders: publicProcedure.input(userOrdersSchema).query(({ input }) => posts.ordersForUser(input.username, input.limit, true)),
  });
}
