import { Body, Controller, HttpCode, Post, UploadedFiles, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  LIMITS,
  addCommentSchema,
  deleteCommentSchema,
  addPostDataSchema,
  updatePostSchema,
  userPlacesSchema,
  establishmentIdSchema,
  isPostLikedSchema,
  postIdSchema,
  pageSchema,
  postActionSchema,
  userOrdersSchema,
  followingPageSchema,
} from '@siplog/contracts';
import type { z } from 'zod';
import { Client, type ClientInfo } from '../../common/client-info';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { parseJsonField } from '../../common/zod-issue';
import { Actor, AuthGuard, OptionalActor, SignedInGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { PostAuthoringService } from './post-authoring.service';
import { PostImagesUpload, receivedImagePaths } from './post-images.upload';
import { PostService } from './post.service';

@ApiTags('post')
@Controller('api/post')
@UseGuards(AuthGuard)
export class PostController {
  constructor(
    private readonly posts: PostService,
    private readonly authoring: PostAuthoringService,
  ) {}

  @Post('addpostwithimages')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Post a review with 1 to 3 photos (all or nothing); a provider’s new place is created first' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file1', 'data'],
      properties: {
        file1: { type: 'string', format: 'binary', description: `an image, at most ${LIMITS.reviewImageBytesMax} bytes` },
        file2: { type: 'string', format: 'binary' },
        file3: { type: 'string', format: 'binary' },
        data: { type: 'string', description: 'JSON: {"email", "place_id", "establishment_name", "order", "review", "rating", "filetype": "image"}' },
      },
    },
  })
  @UseGuards(SignedInGuard) // before the body is read: a guest's upload is refused unread
  @PostImagesUpload()
  add(
    @Actor() actor: AuthUser,
    @Client() client: ClientInfo,
    @UploadedFiles() files: Parameters<typeof receivedImagePaths>[0],
    @Body('data') data: unknown,
  ) {
    return this.authoring.add(actor, client, parseJsonField(addPostDataSchema, data), receivedImagePaths(files));
  }

  @Post('getuserplaces')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The places the caller has reviewed, most recent first' })
  @ApiZodBody(userPlacesSchema)
  userPlaces(@Actor() actor: AuthUser, @ZodBody(userPlacesSchema) body: z.output<typeof userPlacesSchema>) {
    return this.authoring.userPlaces(actor, body.email);
  }

  @Post('loadfollowingposts')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The Following feed: reviews by people and at places the caller follows, and their own, newest first' })
  @ApiZodBody(followingPageSchema)
  following(@Actor() actor: AuthUser, @Client() client: ClientInfo, @ZodBody(followingPageSchema) body: z.output<typeof followingPageSchema>) {
    return this.posts.following(actor, client, body.limit, body.skip);
  }

  @Post('loadpost')
  @HttpCode(200)
  @ApiOperation({ summary: 'One review (the full post and its own URL)' })
  @ApiZodBody(postIdSchema)
  byId(@OptionalActor() viewer: AuthUser | null, @ZodBody(postIdSchema) body: z.output<typeof postIdSchema>) {
    return this.posts.byId(body.postid, viewer);
  }

  @Post('updatepost')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The author changes the order, review and rating of a review' })
  @ApiZodBody(updatePostSchema)
  update(@Actor() actor: AuthUser, @ZodBody(updatePostSchema) body: z.output<typeof updatePostSchema>) {
    return this.authoring.update(actor, body);
  }

  @Post('deletepost')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The author deletes a review with its photos, likes and comments' })
  @ApiZodBody(postActionSchema)
  remove(@Actor() actor: AuthUser, @ZodBody(postActionSchema) body: z.output<typeof postActionSchema>) {
    return this.authoring.remove(actor, body.postid, body.email);
  }

  @Post('loadrecentposts')
  @HttpCode(200)
  @ApiOperation({ summary: 'The recent feed (newest first), paged by limit and skip' })
  @ApiZodBody(pageSchema)
  recent(@OptionalActor() viewer: AuthUser | null, @Client() client: ClientInfo, @ZodBody(pageSchema) body: z.output<typeof pageSchema>) {
    return this.posts.recent(client, body.limit, body.skip, viewer);
  }

  @Post('loadrecentordersforuser')
  @HttpCode(200)
  @ApiOperation({ summary: "A person's most recent reviews (newest first)" })
  @ApiZodBody(userOrdersSchema)
  recentOrders(@OptionalActor() viewer: AuthUser | null, @ZodBody(userOrdersSchema) body: z.output<typeof userOrdersSchema>) {
    return this.posts.recentOrders(body.username, body.limit, viewer);
  }

  @Post('loadfivestarordersforuser')
  @HttpCode(200)
  @ApiOperation({ summary: "A person's 5-star reviews (newest first)" })
  @ApiZodBody(userOrdersSchema)
  fiveStarOrders(@OptionalActor() viewer: AuthUser | null, @ZodBody(userOrdersSchema) body: z.output<typeof userOrdersSchema>) {
    return this.posts.fiveStarOrders(body.username, body.limit, viewer);
  }

  @Post('loadpostsbyestablishment')
  @HttpCode(200)
  @ApiOperation({ summary: "A place's reviews (newest first)" })
  @ApiZodBody(establishmentIdSchema)
  byEstablishment(@OptionalActor() viewer: AuthUser | null, @ZodBody(establishmentIdSchema) body: z.output<typeof establishmentIdSchema>) {
    return this.posts.byEstablishment(body.establishment_id, viewer);
  }

  @Post('likepost')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Like a review (idempotent); answers the like count' })
  @ApiZodBody(postActionSchema)
  like(@Actor() actor: AuthUser, @ZodBody(postActionSchema) body: z.output<typeof postActionSchema>) {
    return this.posts.like(actor, body.postid, body.email);
  }

  @Post('unlikepost')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Take back a like (idempotent); answers the like count' })
  @ApiZodBody(postActionSchema)
  unlike(@Actor() actor: AuthUser, @ZodBody(postActionSchema) body: z.output<typeof postActionSchema>) {
    return this.posts.unlike(actor, body.postid, body.email);
  }

  @Post('ispostliked')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(isPostLikedSchema)
  isLiked(@Actor() actor: AuthUser, @ZodBody(isPostLikedSchema) body: z.output<typeof isPostLikedSchema>) {
    return this.posts.isLiked(actor, body.postid, body.username);
  }

  @Post('loadcomments')
  @HttpCode(200)
  @ApiOperation({ summary: "A review's comments (oldest first)" })
  @ApiZodBody(postIdSchema)
  comments(@OptionalActor() viewer: AuthUser | null, @ZodBody(postIdSchema) body: z.output<typeof postIdSchema>) {
    return this.posts.comments(body.postid, viewer);
  }

  @Post('addcomment')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(addCommentSchema)
  addComment(@Actor() actor: AuthUser, @ZodBody(addCommentSchema) body: z.output<typeof addCommentSchema>) {
    return this.posts.addComment(actor, body.postid, body.comment, body.email);
  }

  @Post('deletecomment')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "Deletes a comment: the comment's author or the review's author only" })
  @ApiZodBody(deleteCommentSchema)
  deleteComment(@Actor() actor: AuthUser, @ZodBody(deleteCommentSchema) body: z.output<typeof deleteCommentSchema>) {
    return this.posts.deleteComment(actor, body.comment_id, body.remote);
  }
}
