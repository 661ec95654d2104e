import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { ReadinessService } from './readiness.service';

/** /api/health (liveness) and /api/health/ready (readiness). */
@Module({ controllers: [HealthController], providers: [HealthRepository, ReadinessService] })
export class HealthModule {}
