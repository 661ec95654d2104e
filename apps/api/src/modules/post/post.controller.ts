import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  addCommentSchema,
  establishmentIdSchema,
  isPostLikedSchema,
  loadCommentsSchema,
  pageSchema,
  postActionSchema,
  userOrdersSchema,
} from '@siplog/contracts';
import type { z } from 'zod';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import type { AuthUser } from '../auth/auth-user';
import { PostService } from './post.service';

@ApiTags('post')
@Controller('api/post')
@UseGuards(AuthGuard)
export class PostController {
  constructor(private readonly posts: PostService) {}

  @Post('loadrecentposts')
  @HttpCode(200)
  @ApiOperation({ summary: 'The recent feed (newest first), paged by limit and skip' })
  @ApiZodBody(pageSchema)
  recent(@ZodBody(pageSchema) body: z.output<typeof pageSchema>) {
    return this.posts.recent(body.limit, body.skip);
  }

  @Post('loadrecentordersforuser')
  @HttpCode(200)
  @ApiOperation({ summary: "A person's most recent reviews (newest first)" })
  @ApiZodBody(userOrdersSchema)
  recentOrders(@ZodBody(userOrdersSchema) body: z.output<typeof userOrdersSchema>) {
    return this.posts.recentOrders(body.username, body.limit);
  }

  @Post('loadfivestarordersforuser')
  @HttpCode(200)
  @ApiOperation({ summary: "A person's 5-star reviews (newest first)" })
  @ApiZodBody(userOrdersSchema)
  fiveStarOrders(@ZodBody(userOrdersSchema) body: z.output<typeof userOrdersSchema>) {
    return this.posts.fiveStarOrders(body.username, body.limit);
  }

  @Post('loadpostsbyestablishment')
  @HttpCode(200)
  @ApiOperation({ summary: "A place's reviews (newest first)" })
  @ApiZodBody(establishmentIdSchema)
  byEstablishment(@ZodBody(establishmentIdSchema) body: z.output<typeof establishmentIdSchema>) {
    return this.posts.byEstablishment(body.establishment_id);
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
  @ApiZodBody(loadCommentsSchema)
  comments(@ZodBody(loadCommentsSchema) body: z.output<typeof loadCommentsSchema>) {
    return this.posts.comments(body.postid);
  }

  @Post('addcomment')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(addCommentSchema)
  addComment(@Actor() actor: AuthUser, @ZodBody(addCommentSchema) body: z.output<typeof addCommentSchema>) {
    return this.posts.addComment(actor, body.postid, body.comment, body.email);
  }
}
