import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { bestOrdersSchema, wantToTryListSchema, wantToTrySchema } from '@siplog/contracts';
import type { z } from 'zod';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { PlaceListsService } from './place-lists.service';

@ApiTags('place: establishments, follows, map and search')
@Controller('api/place')
@UseGuards(AuthGuard)
export class PlaceListsController {
  constructor(private readonly lists: PlaceListsService) {}

  @Post('bestorders')
  @HttpCode(200)
  @ApiOperation({ summary: "The place's best orders, best first (at most 10; none below 3 reviews)" })
  @ApiZodBody(bestOrdersSchema)
  bestOrders(@ZodBody(bestOrdersSchema) body: z.output<typeof bestOrdersSchema>) {
    return this.lists.bestOrders(body.establishment_id);
  }

  @Post('wanttotry')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(wantToTrySchema)
  addWantToTry(@Actor() actor: AuthUser, @ZodBody(wantToTrySchema) body: z.output<typeof wantToTrySchema>) {
    return this.lists.addWantToTry(actor, body.establishment_id);
  }

  @Post('removewanttotry')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(wantToTrySchema)
  removeWantToTry(@Actor() actor: AuthUser, @ZodBody(wantToTrySchema) body: z.output<typeof wantToTrySchema>) {
    return this.lists.removeWantToTry(actor, body.establishment_id);
  }

  @Post('wanttotrylist')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(wantToTryListSchema)
  wantToTryList(@Actor() actor: AuthUser, @ZodBody(wantToTryListSchema) _body: z.output<typeof wantToTryListSchema>) {
    return this.lists.wantToTryList(actor);
  }
}
