import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import util from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/app.config';
import { describeMediaStore, parseMediaStore } from './media-store.config';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-media-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const s3Env = (env: Record<string, string> = {}) => ({
  MEDIA_STORE: 's3://siplog-photos/prod/media',
  S3_ENDPOINT: 'https://minio.internal:9000/',
  S3_REGION: 'eu-west-1',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: SECRET,
  S3_FORCE_PATH_STYLE: 'true',
  ...env,
});

describe('MEDIA_STORE', () => {
  it('is the local folder when unset or empty', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).mediaStore).toBeNull();
    expect(parseMediaStore({ MEDIA_STORE: '' })).toBeNull();
    expect(parseMediaStore({ MEDIA_STORE: '  ' })).toBeNull();
  });

  it('reads s3://bucket/prefix and the S3_* settings', () => {
    const store = loadConfig({ DATA_DIR: dataDir, ...s3Env() }).mediaStore!;
    expect({ ...store, secretAccessKey: store.secretAccessKey }).toEqual({
      bucket: 'siplog-photos',
      prefix: 'prod/media',
      endpoint: 'https://minio.internal:9000',
      region: 'eu-west-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: SECRET,
      forcePathStyle: true,
    });
    expect(parseMediaStore({ MEDIA_STORE: 's3://abc' })).toMatchObject({ bucket: 'abc', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false, accessKeyId: undefined });
    expect(parseMediaStore({ MEDIA_STORE: 's3://abc/' })!.prefix).toBe('');
    expect(parseMediaStore({ MEDIA_STORE: 's3://abc//photos//' })!.prefix).toBe('photos');
    expect(parseMediaStore({ MEDIA_STORE: 's3://my.bucket-1/a/b', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({ bucket: 'my.bucket-1', prefix: 'a/b', forcePathStyle: false });
  });

  it('never shows the secret: not in JSON, not in console output, not in the description', () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...s3Env() });
    expect(JSON.stringify(config)).not.toContain(SECRET);
    expect(util.inspect(config, { depth: 10 })).not.toContain(SECRET);
    expect(describeMediaStore(config.mediaStore, config.mediaDir)).toBe('s3://siplog-photos/prod/media (https://minio.internal:9000, eu-west-1, path-style)');
    expect(describeMediaStore(null, '/data/media')).toBe('files under /data/media');
  });

  it('refuses a bad value at start-up with an error that names the setting', () => {
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ MEDIA_STORE: 'siplog-photos' }, /MEDIA_STORE: expected unset .* or s3:\/\/bucket\/prefix/],
      [{ MEDIA_STORE: 'file:///data/media' }, /MEDIA_STORE: expected unset/],
      [{ MEDIA_STORE: 'gs://bucket/x' }, /MEDIA_STORE: expected unset/],
      [{ MEDIA_STORE: 's3://' }, /not a bucket name/],
      [{ MEDIA_STORE: 's3://ab' }, /"ab" is not a bucket name \(3 to 63/],
      [{ MEDIA_STORE: 's3://Photos' }, /not a bucket name/],
      [{ MEDIA_STORE: 's3://bucket_x' }, /not a bucket name/],
      [{ MEDIA_STORE: 's3://bucket/../etc' }, /the prefix may hold/],
      [{ MEDIA_STORE: 's3://bucket/a b' }, /the prefix may hold/],
      [{ MEDIA_STORE: 's3://bucket/a?x=1' }, /the prefix may hold/],
      [{ MEDIA_STORE: 's3://bucket', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http\(s\) URL/],
      [{ MEDIA_STORE: 's3://bucket', S3_ENDPOINT: 'ftp://minio' }, /S3_ENDPOINT must be an http\(s\) URL/],
      [{ MEDIA_STORE: 's3://bucket', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
      [{ MEDIA_STORE: 's3://bucket', S3_REGION: 'EU West' }, /S3_REGION must be a region name/],
      [{ MEDIA_STORE: 's3://bucket', S3_ACCESS_KEY_ID: 'AKID' }, /set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/],
      [{ MEDIA_STORE: 's3://bucket', S3_SECRET_ACCESS_KEY: SECRET }, /set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }, /S3_ENDPOINT, S3_FORCE_PATH_STYLE are set but MEDIA_STORE is not/],
    ];
    for (const [env, message] of refused) expect(() => loadConfig({ DATA_DIR: dataDir, ...env }), JSON.stringify(env)).toThrow(message);
  });

  it('keeps credentials out of URLs, and out of the error that says so', () => {
    for (const env of [{ MEDIA_STORE: `s3://AKID:${SECRET}@bucket/x` }, { MEDIA_STORE: 's3://bucket', S3_ENDPOINT: `https://AKID:${SECRET}@minio.internal` }]) {
      let message = '';
      try {
        parseMediaStore(env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/must not carry credentials/);
      expect(message).not.toContain(SECRET);
    }
    let message = '';
    try {
      parseMediaStore({ MEDIA_STORE: `gs://AKID:${SECRET}@bucket` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/expected unset/);
    expect(message).not.toContain(SECRET);
  });
});
