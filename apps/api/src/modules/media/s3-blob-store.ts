import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  DELETE_CONCURRENCY,
  LIST_PAGE_SIZE,
  assertBlobKey,
  isBlobKey,
  eachConcurrently,
  failureReason,
  type BlobDeleteFailure,
  type BlobInfo,
  type BlobListing,
  type BlobRead,
  type BlobSource,
  type BlobStore,
} from './blob-store';
import { describeMediaStore, type S3MediaStoreConfig } from './media-store.config';

/** How long opening a connection to the store may take before the call fails (the SDK's default is to wait forever). */
const CONNECT_TIMEOUT_MS = 5_000;

interface S3Error {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

/** No such object. A missing bucket is a broken setting, not a missing photo, so it stays an error. */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as S3Error;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** An S3 client for any S3-compatible server, from MEDIA_STORE and the S3_* settings. */
export function createS3Client(config: S3MediaStoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Since 3.729 the SDK adds CRC32 checksums to every upload and checks them on every download unless told
    // otherwise; many S3-compatible servers refuse or cannot answer them. Only where the S3 API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket in another region than S3_REGION still works on AWS (the SDK follows S3's redirect).
    followRegionRedirects: true,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
  });
}

/**
 * Objects in an S3-compatible bucket under `<prefix>/`: `postimages/<name>.webp` is `<prefix>/postimages/<name>.webp`.
 * Puts stream through lib-storage's Upload (one PutObject for a photo, a multipart upload past 5 MB), reads stream
 * the object's body as it arrives, with backpressure.
 */
export class S3BlobStore implements BlobStore {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly config: S3MediaStoreConfig) {
    this.description = describeMediaStore(config, '');
    this.client = createS3Client(config);
  }

  /** The object key behind a store key. */
  objectKey(key: string): string {
    assertBlobKey(key);
    return this.config.prefix ? `${this.config.prefix}/${key}` : key;
  }

  async put(key: string, source: BlobSource, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    const body = Buffer.isBuffer(source) ? source : fs.createReadStream(source.file);
    try {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.config.bucket, Key, Body: body, ContentType: contentType },
        leavePartsOnError: false,
      });
      await upload.done();
    } finally {
      if (!Buffer.isBuffer(body)) body.destroy();
    }
  }

  async get(key: string): Promise<BlobRead | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      const info = this.infoOf(answer);
      return { ...info, body: answer.Body as Readable };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    try {
      return this.infoOf(await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) })));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async *list(folder: string, pageSize = LIST_PAGE_SIZE): AsyncIterable<BlobListing[]> {
    const prefix = `${this.objectKey(folder)}/`;
    let token: string | undefined;
    do {
      // The delimiter keeps out anything in deeper "folders" below this one, which the server never makes.
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, Delimiter: '/', MaxKeys: Math.min(pageSize, LIST_PAGE_SIZE), ContinuationToken: token }),
      );
      const listed = (page.Contents ?? []).flatMap(({ Key, LastModified }) => {
        const key = `${folder}/${(Key ?? '').slice(prefix.length)}`;
        return Key && LastModified && isBlobKey(key) ? [{ key, lastModified: LastModified }] : [];
      });
      if (listed.length > 0) yield listed;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async deleteMany(keys: string[]): Promise<BlobDeleteFailure[]> {
    // One DeleteObject each rather than DeleteObjects: that call must carry a checksum, which some S3-compatible
    // servers refuse in the SDK's current form, and one key's failure is its own answer either way.
    const failures: BlobDeleteFailure[] = [];
    await eachConcurrently(keys, DELETE_CONCURRENCY, async (key) => {
      try {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      } catch (error) {
        failures.push({ key, reason: failureReason(error) });
      }
    });
    return failures;
  }

  /** Whether the bucket answers with these credentials; throws what the store said when it does not. */
  async verify(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (error) {
      // HeadBucket's answers have no body, so the SDK names them by status alone (NotFound): named as S3 does elsewhere.
      const status = (error as S3Error).$metadata?.httpStatusCode;
      if (status === 404) throw Object.assign(new Error(`the bucket ${this.config.bucket} does not exist`), { name: 'NoSuchBucket' });
      if (status === 403) throw Object.assign(new Error(`these credentials may not use the bucket ${this.config.bucket}`), { name: 'AccessDenied' });
      throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private infoOf(answer: { ContentLength?: number; ETag?: string; LastModified?: Date }): BlobInfo {
    const size = answer.ContentLength ?? 0;
    const lastModified = answer.LastModified ?? new Date(0);
    // Every S3 answer carries an ETag; a server that left it out still gets a validator of its own.
    const etag = answer.ETag ?? `W/"${size.toString(16)}-${lastModified.getTime().toString(16)}"`;
    return { size, etag, lastModified };
  }
}
