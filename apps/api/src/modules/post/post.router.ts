import {
  addCommentSchema,
  deleteCommentSchema,
  establishmentIdSchema,
  followingCursorSchema,
  isPostLikedSchema,
  postIdSchema,
  postActionSchema,
  recentPostsCursorSchema,
  updatePostSchema,
  userPlacesSchema,
  userOrdersSchema,
} from '@siplog/contracts';
import { authedProcedure, publicProcedure, router } from '../../procedures/procedure-tiers';
import type { PostAuthoringService } from './post-authoring.service';
import type { PostService } from './post.service';

/** Posting a review with photos is REST only (multipart, upload progress): /api/post/addpostwithimages. */
export function postRouter(posts: PostService, authoring: PostAuthoringService) {
  return router({
    byId: publicProcedure.input(postIdSchema).query(({ ctx, input }) => posts.byId(input.postid, ctx.actor)),
    userPlaces: authedProcedure.input(userPlacesSchema).query(({ ctx, input }) => authoring.userPlaces(ctx.actor, input.email)),
    update: authedProcedure.input(updatePostSchema).mutation(({ ctx, input }) => authoring.update(ctx.actor, input)),
    remove: authedProcedure.input(postActionSchema).mutation(({ ctx, input }) => authoring.remove(ctx.actor, input.postid, input.email)),
    recent: publicProcedure.input(recentPostsCursorSchema).query(({ ctx, input }) => posts.recentPage(input.limit, input.cursor, ctx.actor)),
    following: authedProcedure.input(followingCursorSchema).query(({ ctx, input }) => posts.followingPage(ctx.actor, input.limit, input.cursor)),
    recentOrders: publicProcedure.input(userOrdersSchema).query(({ ctx, input }) => posts.recentOrders(input.username, input.limit, ctx.actor)),
    byEstablishment: publicProcedure.input(establishmentIdSchema).query(({ ctx, input }) => posts.byEstablishment(input.establishment_id, ctx.actor)),
    fiveStarOrders: publicProcedure.input(userOrdersSchema).query(({ ctx, input }) => posts.fiveStarOrders(input.username, input.limit, ctx.actor)),
    like: authedProcedure.input(postActionSchema).mutation(({ ctx, input }) => posts.like(ctx.actor, input.postid, input.email)),
    unlike: authedProcedure.input(postActionSchema).mutation(({ ctx, input }) => posts.unlike(ctx.actor, input.postid, input.email)),
    isLiked: authedProcedure.input(isPostLikedSchema).query(({ ctx, input }) => posts.isLiked(ctx.actor, input.postid, input.username)),
    comments: publicProcedure.input(postIdSchema).query(({ ctx, input }) => posts.comments(input.postid, ctx.actor)),
    deleteComment: authedProcedure.input(deleteCommentSchema).mutation(({ ctx, input }) => posts.deleteComment(ctx.actor, input.comment_id, input.remote)),
    addComment: authedProcedure
      .input(addCommentSchema)
      .mutation(({ ctx, input }) => posts.addComment(ctx.actor, input.postid, input.comment, input.email)),
  });
}
