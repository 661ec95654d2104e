import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client } from '../modules/media/s3-blob-store';
import { parseMediaStore, type S3MediaStoreConfig } from '../modules/media/media-store.config';

/** The bucket the test server has from the start (S3 wants 3 characters or more). */
export const TEST_BUCKET = 'siplog-test';

export interface TestS3 {
  endpoint: string;
  /** The MEDIA_STORE and S3_* settings that put an app's photos in the bucket under `prefix`. */
  envFor: (prefix: string) => Record<string, string>;
  /** The store settings for `prefix`, as the app would parse them. */
  configFor: (prefix: string) => S3MediaStoreConfig;
  /** An SDK client of our own, to look into the bucket. */
  client: S3Client;
  /** Every key in the bucket under `prefix`, sorted. */
  keys: (prefix?: string) => Promise<string[]>;
  close: () => Promise<void>;
}

/**
 * s3rver makes ListObjectsV2's continuation tokens with single DES, which OpenSSL 3 no longer offers, so a listing
 * longer than one page fails with InternalError. Triple DES with the key three times over is the same cipher: it
 * stands in for 'des' in this (test) process.
 */
function letS3rverListPastOnePage(): void {
  const { createCipheriv, createDecipheriv } = crypto;
  if ((createCipheriv as { singleDes?: boolean }).singleDes) return;
  // Only s3rver's call changes; every other one (any algorithm, any options) goes through as it was.
  type Maker = (algorithm: string, key: crypto.CipherKey, ...rest: unknown[]) => unknown;
  const tripled = (make: Maker): Maker => (algorithm, key, ...rest) =>
    algorithm === 'des' && Buffer.isBuffer(key) ? make('des-ede3-cbc', Buffer.concat([key, key, key]), ...rest) : make(algorithm, key, ...rest);
  crypto.createCipheriv = Object.assign(tripled(createCipheriv as Maker), { singleDes: true }) as unknown as typeof crypto.createCipheriv;
  crypto.createDecipheriv = tripled(createDecipheriv as Maker) as unknown as typeof crypto.createDecipheriv;
}

/**
 * A real S3-compatible server (s3rver, the S3 REST API over a temp folder) on 127.0.0.1 at a free port, in this
 * process: the app talks to it through @aws-sdk/client-s3 exactly as it would to a bucket elsewhere.
 */
export async function startTestS3(): Promise<TestS3> {
  letS3rverListPastOnePage();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const envFor = (prefix: string) => ({
    MEDIA_STORE: `s3://${TEST_BUCKET}/${prefix}`,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  const configFor = (prefix: string) => parseMediaStore(envFor(prefix))!;
  const client = createS3Client(configFor(''));
  return {
    endpoint,
    envFor,
    configFor,
    client,
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
