import { Controller, createParamDecorator, type ExecutionContext, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MapService } from './map.service';

/** The origin the browser used (scheme and host, behind the configured trusted proxy). */
const RequestOrigin = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const request = ctx.switchToHttp().getRequest<Request>();
  // Express 5's req.host keeps the port and reads X-Forwarded-Host only from a trusted proxy.
  return `${request.protocol}://${request.host ?? 'localhost'}`;
});

/** Tiles change only with the data, and their URLs carry its version. */
const TILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

@ApiTags('map')
@Controller('api/map')
export class MapController {
  constructor(private readonly map: MapService) {}

  @Get('style.json')
  @ApiOperation({ summary: 'The MapLibre style of the embedded offline map (tiles on this origin only); ?theme=dark for the dark theme' })
  style(@RequestOrigin() origin: string, @Query('theme') theme: unknown, @Res({ passthrough: true }) res: Response) {
    // Built from the request's origin, so shared caches must ask again.
    res.setHeader('Cache-Control', 'no-cache');
    return this.map.style(origin, theme === 'dark' ? 'dark' : 'light');
  }

  /**
   * Written to the response directly: Nest's reply() would reset the 204/304 status to the route's
   * 200, and this is the map's hot path (a buffer, no stream).
   */
  @Get('tiles/:tileset/:z/:x/:y.pbf')
  @ApiOperation({ summary: 'One vector tile (MVT) of the offline map: tileset world (z0-8), streets (z10-13, Chicago) or regions (the installed map regions, z0-15); 204 where there is none' })
  tile(
    @Param('tileset') tileset: string,
    @Param('z') z: string,
    @Param('x') x: string,
    @Param('y') y: string,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): void {
    const answer = this.map.tile(tileset, z, x, y, /\bgzip\b/.test(acceptEncoding ?? ''), ifNoneMatch);
    res.status(answer.status);
    res.setHeader('Cache-Control', TILE_CACHE_CONTROL);
    res.setHeader('ETag', answer.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (answer.status !== 200) {
      res.end();
      return;
    }
    res.setHeader('Content-Type', 'application/x-protobuf');
    if (answer.gzip) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', answer.data.length);
    res.end(answer.data);
  }
}
