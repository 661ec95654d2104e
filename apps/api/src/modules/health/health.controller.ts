import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  /** Answers once the app is up, which is after migrations have run (they run while the database opens). */
  @Get()
  health() {
    return { status: 'ok' };
  }
}
