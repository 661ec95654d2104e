import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ReadinessService } from './readiness.service';

const READINESS_EXAMPLE = { status: 'ready', checks: { database: 'ok', migrations: 'ok', mediaStore: 'ok' } };

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /** Liveness: answers once the app is up (after migrations, which run while the database opens); asks nothing else. */
  @Get()
  @ApiOperation({ summary: 'Liveness: the process answers. Touches neither the database nor the media store.' })
  health() {
    return { status: 'ok' };
  }

  /** Readiness: 200 when this node can serve, 503 saying which check failed; for a proxy's or a container's health check. */
  @Get('ready')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Readiness: the database answers, this build\'s migrations are applied and the media store can be used.' })
  @ApiOkResponse({ description: 'Ready: every check says ok.', schema: { example: READINESS_EXAMPLE } })
  @ApiServiceUnavailableResponse({
    description: 'Not ready: each check says ok or what is wrong.',
    schema: { example: { status: 'not ready', checks: { ...READINESS_EXAMPLE.checks, mediaStore: 'cannot be used: NoSuchBucket' } } },
  })
  async ready(@Res({ passthrough: true }) response: Response) {
    const { ready, checks } = await this.readiness.check();
    response.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', checks };
  }
}
