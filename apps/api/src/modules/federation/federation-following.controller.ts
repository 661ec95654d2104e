import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { remoteFollowSchema, remoteLookupSchema, remoteReplyIdSchema, remoteReviewLikeSchema, remoteReviewReplySchema } from '@siplog/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../common/auth-user';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import { FederationFollowing } from './federation-following.service';
import { FederationRemoteReactions } from './federation-remote-reactions.service';

/** Following people on other servers (issue 30); the twins of federation.lookup/follow/unfollow. */
@ApiTags('federation: following elsewhere')
@Controller('api/federation')
@UseGuards(AuthGuard)
export class FederationFollowingController {
  constructor(
    private readonly following: FederationFollowing,
    private readonly reactions: FederationRemoteReactions,
  ) {}

  @Post('lookup')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Finds someone on another server by handle (@name@server.example), and whether you follow them' })
  @ApiZodBody(remoteLookupSchema)
  lookup(@Actor() actor: AuthUser, @ZodBody(remoteLookupSchema) body: z.output<typeof remoteLookupSchema>) {
    return this.following.lookup(actor, body.handle);
  }

  @Post('follow')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Asks to follow someone on another server (as looked up); pending until their server accepts' })
  @ApiZodBody(remoteFollowSchema)
  follow(@Actor() actor: AuthUser, @ZodBody(remoteFollowSchema) body: z.output<typeof remoteFollowSchema>) {
    return this.following.follow(actor, body.remote_actor_id);
  }

  @Post('unfollow')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Stops following someone on another server (or takes back the request)' })
  @ApiZodBody(remoteFollowSchema)
  unfollow(@Actor() actor: AuthUser, @ZodBody(remoteFollowSchema) body: z.output<typeof remoteFollowSchema>) {
    return this.following.unfollow(actor, body.remote_actor_id);
  }

  @Post('likereview')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Likes a review from elsewhere (a card of the Following feed with `remote`): a Like goes to its server' })
  @ApiZodBody(remoteReviewLikeSchema)
  likeReview(@Actor() actor: AuthUser, @ZodBody(remoteReviewLikeSchema) body: z.output<typeof remoteReviewLikeSchema>) {
    return this.reactions.like(actor, body.remote_review_id);
  }

  @Post('unlikereview')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Takes back a like of a review from elsewhere (an Undo goes to its server)' })
  @ApiZodBody(remoteReviewLikeSchema)
  unlikeReview(@Actor() actor: AuthUser, @ZodBody(remoteReviewLikeSchema) body: z.output<typeof remoteReviewLikeSchema>) {
    return this.reactions.unlike(actor, body.remote_review_id);
  }

  @Post('replytoreview')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Replies to a review from elsewhere: a public Note goes to its server' })
  @ApiZodBody(remoteReviewReplySchema)
  replyToReview(@Actor() actor: AuthUser, @ZodBody(remoteReviewReplySchema) body: z.output<typeof remoteReviewReplySchema>) {
    return this.reactions.reply(actor, body.remote_review_id, body.comment);
  }

  @Post('myreplies')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Your own replies to a review from elsewhere, oldest first' })
  @ApiZodBody(remoteReviewLikeSchema)
  myReplies(@Actor() actor: AuthUser, @ZodBody(remoteReviewLikeSchema) body: z.output<typeof remoteReviewLikeSchema>) {
    return this.reactions.myReplies(actor, body.remote_review_id);
  }

  @Post('deletereply')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Takes back your reply to a review from elsewhere (a Delete goes to its server)' })
  @ApiZodBody(remoteReplyIdSchema)
  deleteReply(@Actor() actor: AuthUser, @ZodBody(remoteReplyIdSchema) body: z.output<typeof remoteReplyIdSchema>) {
    return this.reactions.deleteReply(actor, body.reply_id);
  }
}
