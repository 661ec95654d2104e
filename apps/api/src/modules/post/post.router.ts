import {
  addCommentSchema,
  establishmentIdSchema,
  isPostLikedSchema,
  loadCommentsSchema,
  postActionSchema,
  recentPostsCursorSchema,
  userOrdersSchema,
} from '@siplog/contracts';
import { authedProcedure, publicProcedure, router } from '../../trpc/trpc';
import type { PostService } from './post.service';

export function postRouter(posts: PostService) {
  return router({
    recent: publicProcedure.input(recentPostsCursorSchema).query(({ input }) => posts.recentPage(input.limit, input.cursor)),
    recentOrders: publicProcedure.input(userOrdersSchema).query(({ input }) => posts.recentOrders(input.username, input.limit)),
    byEstablishment: publicProcedure.input(establishmentIdSchema).query(({ input }) => posts.byEstablishment(input.establishment_id)),
    fiveStarOrders: publicProcedure.input(userOrdersSchema).query(({ input }) => posts.fiveStarOrders(input.username, input.limit)),
    like: authedProcedure.input(postActionSchema).mutation(({ ctx, input }) => posts.like(ctx.actor, input.postid, input.email)),
    unlike: authedProcedure.input(postActionSchema).mutation(({ ctx, input }) => posts.unlike(ctx.actor, input.postid, input.email)),
    isLiked: authedProcedure.input(isPostLikedSchema).query(({ ctx, input }) => posts.isLiked(ctx.actor, input.postid, input.username)),
    comments: publicProcedure.input(loadCommentsSchema).query(({ input }) => posts.comments(input.postid)),
    addComment: authedProcedure
      .input(addCommentSchema)
      .mutation(({ ctx, input }) => posts.addComment(ctx.actor, input.postid, input.comment, input.email)),
  });
}
