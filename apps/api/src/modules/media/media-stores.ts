import path from 'node:path';
import type { AppConfig } from '../../config/app.config';
import type { BlobStore } from './blob-store';
import { ImageStore } from './image-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

/** The media store of MEDIA_STORE: the local folder (DATA_DIR/media) or the S3 bucket. */
export function createBlobStore(config: Pick<AppConfig, 'mediaDir' | 'mediaStore'>): BlobStore {
  return config.mediaStore ? new S3BlobStore(config.mediaStore) : new LocalBlobStore(config.mediaDir);
}

/** The image pipeline over a store; each size is encoded under DATA_DIR/tmp/media before it is put in the store. */
export function createImageStore(config: Pick<AppConfig, 'dataDir'>, blobs: BlobStore): ImageStore {
  return new ImageStore(blobs, path.join(config.dataDir, 'tmp', 'media'));
}
