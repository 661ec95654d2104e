import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { ImageStore } from './image-store';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';

@Global()
@Module({
  controllers: [MediaController],
  providers: [
    { provide: ImageStore, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new ImageStore(config.mediaDir) },
    MediaService,
  ],
  exports: [ImageStore, MediaService],
})
export class MediaModule {}
