import { Global, Module } from '@nestjs/common';
import { SharedCacheRepository } from './shared-cache.repository';
import { SharedCacheService } from './shared-cache.service';

@Global()
@Module({ providers: [SharedCacheService, SharedCacheRepository], exports: [SharedCacheService] })
export class SharedCacheModule {}
