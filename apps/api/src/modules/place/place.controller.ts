import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  addPlaceSchema,
  establishmentIdSchema,
  placeAreaSchema,
  placeByLocationSchema,
  placeFollowSchema,
  placeForFeedSchema,
  placeHoursRevertSchema,
  placeHoursSetSchema,
  placeInBoundsSchema,
  placeSearchSchema,
  placeSelectedSchema,
  placesNearSchema,
  suggestAddressSchema,
} from '@siplog/contracts';
import type { z } from 'zod';
import { Client, type ClientInfo } from '../../common/client-info';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard, OptionalActor } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { PlaceService } from './place.service';

@ApiTags('place: establishments, follows, map and search')
@Controller('api/place')
@UseGuards(AuthGuard)
export class PlaceController {
  constructor(private readonly places: PlaceService) {}

  @Post('loadestablishment')
  @HttpCode(200)
  @ApiZodBody(establishmentIdSchema)
  loadEstablishment(@ZodBody(establishmentIdSchema) body: z.output<typeof establishmentIdSchema>) {
    return this.places.loadEstablishment(body.establishment_id);
  }

  @Post('loadestablishmentbylocation')
  @HttpCode(200)
  @ApiOperation({ summary: 'A place by its slug, a provider place_id, or "lat,lng" (the nearest within 50 m)' })
  @ApiZodBody(placeByLocationSchema)
  loadByLocation(@ZodBody(placeByLocationSchema) body: z.output<typeof placeByLocationSchema>) {
    return this.places.loadByLocation(body.location);
  }

  @Post('placeselected')
  @HttpCode(200)
  @ApiOperation({ summary: 'The establishment of a selected place, created once for a new provider place' })
  @ApiZodBody(placeSelectedSchema)
  select(@Client() client: ClientInfo, @ZodBody(placeSelectedSchema) body: z.output<typeof placeSelectedSchema>) {
    return this.places.select(client, body);
  }

  @Post('placeforfeed')
  @HttpCode(200)
  @ApiZodBody(placeForFeedSchema)
  forFeed(@ZodBody(placeForFeedSchema) body: z.output<typeof placeForFeedSchema>) {
    return this.places.forFeed(body.limit, body.skip);
  }

  @Post('isEstablishmentFollowed')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(placeFollowSchema)
  isFollowed(@Actor() actor: AuthUser, @ZodBody(placeFollowSchema) body: z.output<typeof placeFollowSchema>) {
    return this.places.isFollowed(actor, body);
  }

  @Post('followestablishment')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(placeFollowSchema)
  follow(@Actor() actor: AuthUser, @ZodBody(placeFollowSchema) body: z.output<typeof placeFollowSchema>) {
    return this.places.follow(actor, body);
  }

  @Post('unfollowestablishment')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(placeFollowSchema)
  unfollow(@Actor() actor: AuthUser, @ZodBody(placeFollowSchema) body: z.output<typeof placeFollowSchema>) {
    return this.places.unfollow(actor, body);
  }

  @Post('followers')
  @HttpCode(200)
  @ApiOperation({ summary: "Usernames of the people following a place" })
  @ApiZodBody(establishmentIdSchema)
  followers(@OptionalActor() viewer: AuthUser | null, @ZodBody(establishmentIdSchema) body: z.output<typeof establishmentIdSchema>) {
    return this.places.followers(body.establishment_id, viewer);
  }

  @Post('inbounds')
  @HttpCode(200)
  @ApiOperation({ summary: 'Map pins inside a box, the most reviewed first, capped (truncated says so)' })
  @ApiZodBody(placeInBoundsSchema)
  inBounds(@ZodBody(placeInBoundsSchema) body: z.output<typeof placeInBoundsSchema>) {
    return this.places.inBounds(body);
  }

  @Post('search')
  @HttpCode(200)
  @ApiOperation({ summary: 'Places, provider places and areas matching the text, near the given centre first' })
  @ApiZodBody(placeSearchSchema)
  search(@Client() client: ClientInfo, @ZodBody(placeSearchSchema) body: z.output<typeof placeSearchSchema>) {
    return this.places.search(client, body);
  }

  @Post('addplace')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A new place dropped on the map by a signed-in person' })
  @ApiZodBody(addPlaceSchema)
  add(@Actor() actor: AuthUser, @ZodBody(addPlaceSchema) body: z.output<typeof addPlaceSchema>) {
    return this.places.add(actor, body);
  }

  @Post('suggestaddress')
  @HttpCode(200)
  @ApiOperation({ summary: 'City, state, zip and country to start from for a point' })
  @ApiZodBody(suggestAddressSchema)
  suggestAddress(@ZodBody(suggestAddressSchema) body: z.output<typeof suggestAddressSchema>) {
    return this.places.suggestAddress(body);
  }

  @Post('area')
  @HttpCode(200)
  @ApiOperation({ summary: 'A city or neighbourhood by name or slug, and the places around it' })
  @ApiZodBody(placeAreaSchema)
  area(@ZodBody(placeAreaSchema) body: z.output<typeof placeAreaSchema>) {
    return this.places.area(body.location);
  }

  @Post('near')
  @HttpCode(200)
  @ApiOperation({ summary: "Known places within 150 m of a point, nearest first (Quick Post's 'Taken near X?')" })
  @ApiZodBody(placesNearSchema)
  near(@ZodBody(placesNearSchema) body: z.output<typeof placesNearSchema>) {
    return this.places.near(body);
  }

  @Post('sethours')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "Set a place's opening hours (OpenStreetMap opening_hours text; '' clears them)" })
  @ApiZodBody(placeHoursSetSchema)
  setHours(@Actor() actor: AuthUser, @ZodBody(placeHoursSetSchema) body: z.output<typeof placeHoursSetSchema>) {
    return this.places.setHours(actor, body);
  }

  @Post('hourshistory')
  @HttpCode(200)
  @ApiOperation({ summary: "Every change of a place's opening hours, newest first" })
  @ApiZodBody(establishmentIdSchema)
  hoursHistory(@OptionalActor() viewer: AuthUser | null, @ZodBody(establishmentIdSchema) body: z.output<typeof establishmentIdSchema>) {
    return this.places.hoursHistory(viewer, body.establishment_id);
  }

  @Post('reverthours')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Revert a change of opening hours (its author or an admin)' })
  @ApiZodBody(placeHoursRevertSchema)
  revertHours(@Actor() actor: AuthUser, @ZodBody(placeHoursRevertSchema) body: z.output<typeof placeHoursRevertSchema>) {
    return this.places.revertHours(actor, body.change_id);
  }
}
