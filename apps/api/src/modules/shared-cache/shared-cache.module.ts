import { Global, Module } from '@nestjs/common';
import { SharedCacheService } from './shared-cache.service';

@Global()
@Module({ providers: [SharedCacheService], exports: [SharedCacheService] })
export class SharedCacheModule {}
