import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { establishmentIdSchema, userOrdersSchema } from '@siplog/contracts';
import type { z } from 'zod';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { PostService } from './post.service';

@ApiTags('post')
@Controller('api/post')
export class PostController {
  constructor(private readonly posts: PostService) {}

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
}
