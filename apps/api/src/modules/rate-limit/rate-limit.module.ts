import { Global, Module } from '@nestjs/common';
import { RateLimitRepository } from './rate-limit.repository';
import { RateLimitService } from './rate-limit.service';

@Global()
@Module({ providers: [RateLimitRepository, RateLimitService], exports: [RateLimitService] })
export class RateLimitModule {}
