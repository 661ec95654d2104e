import { Global, Module } from '@nestjs/common';
import { PublicCacheService } from './public-cache.service';

/** Global: every module whose writes change public answers tells the cache (PublicCacheService.changed). */
@Global()
@Module({ providers: [PublicCacheService], exports: [PublicCacheService] })
export class PublicCacheModule {}
