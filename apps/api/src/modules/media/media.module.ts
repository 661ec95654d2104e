import { Global, Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/app.config';
import type { BlobStore } from './blob-store';
import { ImageStore } from './image-store';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaSweeper } from './media-sweeper.service';
import { MediaService } from './media.service';
import { createBlobStore, createImageStore } from './media-stores';
import { S3BlobStore } from './s3-blob-store';

export const BLOB_STORE = Symbol('BLOB_STORE');

/** Says where photos go at start (and whether a bucket answers), and closes the store's connections at the end. */
class MediaStoreLifecycle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MediaStore');

  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  onModuleInit(): void {
    this.logger.log(`Photos are kept in ${this.blobs.description}`);
    if (this.blobs instanceof S3BlobStore) {
      // Not awaited: a store that is down for a moment must not keep the app from starting; the operator sees why.
      this.blobs.verify().catch((error: unknown) => {
        const { name, message } = error as Error;
        this.logger.warn(`The media store ${this.blobs.description} did not answer: ${name}${message && message !== name ? ` (${message})` : ''}`);
      });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.blobs.close();
  }
}

@Global()
@Module({
  controllers: [MediaController],
  providers: [
    { provide: BLOB_STORE, inject: [APP_CONFIG], useFactory: createBlobStore },
    { provide: ImageStore, inject: [APP_CONFIG, BLOB_STORE], useFactory: createImageStore },
    MediaStoreLifecycle,
    MediaService,
    MediaRepository,
    MediaSweeper,
  ],
  exports: [BLOB_STORE, ImageStore, MediaService],
})
export class MediaModule {}
