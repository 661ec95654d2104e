import { Controller, Get, Headers, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { loadPublicProfileSchema } from '@siplog/contracts';
import { parseInput } from '../../common/zod-issue';
import type { ImageVariant } from './image-store';
import { FALLBACK_IMAGE_NAME, MediaService, type ImageAnswer, type ImageConditions } from './media.service';

function variantOf(size: string | undefined): ImageVariant {
  return size === 'thumb' || size === 'card' ? size : 'full';
}

function conditionsOf(ifNoneMatch: string | undefined, ifModifiedSince: string | undefined): ImageConditions {
  return { ifNoneMatch: ifNoneMatch || undefined, ifModifiedSince: ifModifiedSince || undefined };
}

@ApiTags('images')
@Controller('api/showimage')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get('image/:folder/:file')
  @ApiOperation({ summary: 'A stored image (folders postimages, profileimages); ?size=card (feed card) or ?size=thumb for the smaller sizes' })
  async image(
    @Param('folder') folder: string,
    @Param('file') file: string,
    @Query('size') size: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Headers('if-modified-since') ifModifiedSince: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send(await this.media.imageByName(folder, file, variantOf(size), conditionsOf(ifNoneMatch, ifModifiedSince)), res);
  }

  @Get('profileimage/:username')
  @ApiOperation({ summary: "A person's current profile image, or the no-image picture" })
  async profileImage(
    @Param('username') username: string,
    @Query('size') size: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Headers('if-modified-since') ifModifiedSince: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    // The name by the contracts' rule, as a profile's: text PostgreSQL cannot compare (a NUL) is a 400, not a query.
    const person = parseInput(loadPublicProfileSchema, { username }).username;
    return this.send(await this.media.profileImageOf(person, variantOf(size), conditionsOf(ifNoneMatch, ifModifiedSince)), res);
  }

  private send(answer: ImageAnswer, res: Response): StreamableFile | undefined {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', `public, max-age=${answer.cacheSeconds}${answer.immutable ? ', immutable' : ''}`);
    if (answer.kind === 'fallback') {
      return new StreamableFile(answer.body, { type: 'image/webp', disposition: `inline; filename="${FALLBACK_IMAGE_NAME}"` });
    }
    const info = answer.kind === 'blob' ? answer.blob : answer.info;
    res.setHeader('ETag', info.etag);
    res.setHeader('Last-Modified', info.lastModified.toUTCString());
    if (answer.kind === 'not-modified') {
      res.status(304);
      return undefined;
    }
    // The store's stream, piped with backpressure; Nest destroys it when the client goes away.
    return new StreamableFile(answer.blob.body, { type: 'image/webp', length: answer.blob.size });
  }
}
