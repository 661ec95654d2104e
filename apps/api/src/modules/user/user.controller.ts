import { Body, Controller, HttpCode, Post, UploadedFile, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  actingUserSchema,
  approveFollowersSchema,
  followUserSchema,
  imageUploadDataSchema,
  LIMITS,
  loadPublicProfileSchema,
  loadUserByNameSchema,
  PROFILE_MESSAGES,
  searchUsersOrPlacesSchema,
  updateFavoriteOrderSchema,
  updateProfileDetailsSchema,
} from '@siplog/contracts';
import type { z } from 'zod';
import { Client, type ClientInfo } from '../../common/client-info';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { parseJsonField } from '../../common/zod-issue';
import { Actor, AuthGuard, OptionalActor, SignedInGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { ImageUpload } from '../media/image-upload.interceptor';
import { PeopleElsewhereService } from './people-elsewhere.service';
import { UserService } from './user.service';

@ApiTags('user: profiles and follows')
@Controller('api/user')
@UseGuards(AuthGuard)
export class UserController {
  constructor(
    private readonly users: UserService,
    private readonly elsewhere: PeopleElsewhereService,
  ) {}

  @Post('loadprofile')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "The signed-in person's own profile" })
  @ApiZodBody(actingUserSchema)
  loadProfile(@Actor() actor: AuthUser, @ZodBody(actingUserSchema) body: z.output<typeof actingUserSchema>) {
    return this.users.loadOwnProfile(actor, body.email);
  }

  @Post('loadpublicprofile')
  @HttpCode(200)
  @ApiZodBody(loadPublicProfileSchema)
  loadPublicProfile(@OptionalActor() viewer: AuthUser | null, @ZodBody(loadPublicProfileSchema) body: z.output<typeof loadPublicProfileSchema>) {
    return this.users.loadPublicProfile(body.username, viewer);
  }

  @Post('loadpeopleelsewhere')
  @HttpCode(200)
  @ApiOperation({ summary: "A person's followers and following on other servers (issue 30), marked with their server" })
  @ApiZodBody(loadPublicProfileSchema)
  loadPeopleElsewhere(@OptionalActor() viewer: AuthUser | null, @ZodBody(loadPublicProfileSchema) body: z.output<typeof loadPublicProfileSchema>) {
    return this.elsewhere.of(body.username, viewer);
  }

  @Post('loaduserbyname')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A public profile by full name or username; for signed-in people only' })
  @ApiZodBody(loadUserByNameSchema)
  loadUserByName(@Actor() actor: AuthUser, @ZodBody(loadUserByNameSchema) body: z.output<typeof loadUserByNameSchema>) {
    return this.users.loadUserByName(actor, body.name);
  }

  @Post('updatecurrentfavorder')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(updateFavoriteOrderSchema)
  updateFavoriteOrder(@Actor() actor: AuthUser, @ZodBody(updateFavoriteOrderSchema) body: z.output<typeof updateFavoriteOrderSchema>) {
    return this.users.updateFavoriteOrder(actor, body);
  }

  @Post('updateprofiledetails')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Gender and bio of the signed-in person' })
  @ApiZodBody(updateProfileDetailsSchema)
  updateDetails(@Actor() actor: AuthUser, @ZodBody(updateProfileDetailsSchema) body: z.output<typeof updateProfileDetailsSchema>) {
    return this.users.updateDetails(actor, body);
  }

  @Post('approvefollowers')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "'Approve followers': whether follows from other servers wait for the signed-in person's answer" })
  @ApiZodBody(approveFollowersSchema)
  setApproveFollowers(@Actor() actor: AuthUser, @ZodBody(approveFollowersSchema) body: z.output<typeof approveFollowersSchema>) {
    return this.users.setApproveFollowers(actor, body);
  }

  @Post('uploadprofileimages')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: `an image, at most ${LIMITS.profileImageBytesMax} bytes` },
        data: { type: 'string', description: 'JSON: {"email": "...", "filetype": "image"}' },
      },
    },
  })
  @UseGuards(SignedInGuard)
  @ImageUpload('file', LIMITS.profileImageBytesMax, PROFILE_MESSAGES.fileTooLarge.body)
  uploadProfileImage(
    @Actor() actor: AuthUser,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body('data') data: unknown,
  ) {
    return this.users.uploadProfileImage(actor, file?.buffer, parseJsonField(imageUploadDataSchema, data));
  }

  @Post('deleteprofileimage')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(actingUserSchema)
  deleteProfileImage(@Actor() actor: AuthUser, @ZodBody(actingUserSchema) body: z.output<typeof actingUserSchema>) {
    return this.users.deleteProfileImage(actor, body.email);
  }

  @Post('isUserFollowed')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(followUserSchema)
  isUserFollowed(@Actor() actor: AuthUser, @ZodBody(followUserSchema) body: z.output<typeof followUserSchema>) {
    return this.users.isFollowing(actor, body);
  }

  @Post('followuser')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(followUserSchema)
  follow(@Actor() actor: AuthUser, @ZodBody(followUserSchema) body: z.output<typeof followUserSchema>) {
    return this.users.follow(actor, body);
  }

  @Post('unfollowuser')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiZodBody(followUserSchema)
  unfollow(@Actor() actor: AuthUser, @ZodBody(followUserSchema) body: z.output<typeof followUserSchema>) {
    return this.users.unfollow(actor, body);
  }

  @Post('searchusersorplaces')
  @HttpCode(200)
  @ApiZodBody(searchUsersOrPlacesSchema)
  search(
    @OptionalActor() viewer: AuthUser | null,
    @Client() client: ClientInfo,
    @ZodBody(searchUsersOrPlacesSchema) body: z.output<typeof searchUsersOrPlacesSchema>,
  ) {
    return this.users.search(client, body.searchString, viewer);
  }
}
