/**
 * MEDIA_STORE (issue 18): where photos are kept. Unset (or empty): files under DATA_DIR/media, as always.
 * `s3://bucket/prefix`: objects in an S3-compatible bucket, reached with the S3_* settings, so several API nodes
 * can serve the same photos.
 */
export interface S3MediaStoreConfig {
  bucket: string;
  /** Keys are `<prefix>/<folder>/<file>`; '' puts the folders at the bucket's root. No leading or trailing slash. */
  prefix: string;
  /** S3_ENDPOINT: an http(s) URL (MinIO, Ceph, R2, a local test server); undefined for AWS itself. */
  endpoint: string | undefined;
  /** S3_REGION; us-east-1 when unset, the region most S3-compatible servers expect. */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, both or neither; neither: the SDK's own chain (AWS_* variables, instance roles). */
  accessKeyId: string | undefined;
  /** Not enumerable: JSON.stringify and console.log of the config leave it out. */
  secretAccessKey: string | undefined;
  /** S3_FORCE_PATH_STYLE: `http://host/bucket/key` instead of `http://bucket.host/key` (most self-hosted servers need it). */
  forcePathStyle: boolean;
}

type Env = Record<string, string | undefined>;

/** The settings that mean something only with an s3:// MEDIA_STORE. */
export const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/** S3's bucket naming rules (3 to 63 characters, lower case, digits, dots and hyphens, a letter or digit at each end). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Characters S3 documents as safe in keys; a prefix is a path of such segments. */
const PREFIX_SEGMENT = /^[A-Za-z0-9!_.*'()-]+$/;

function fail(message: string): never {
  throw new Error(`MEDIA_STORE: ${message}`);
}

/** The value as it may be shown in an error: anything up to an @ (a user:password part) is masked. */
function shown(raw: string): string {
  return raw.replace(/\/\/.*@/, '//***@');
}

function parseEndpoint(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (value.includes('@')) fail('S3_ENDPOINT must not carry credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`S3_ENDPOINT must be an http(s) URL, got "${shown(value)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`S3_ENDPOINT must be an http(s) URL, got "${shown(value)}"`);
  if (url.search || url.hash) fail(`S3_ENDPOINT must be a plain http(s) URL, got "${shown(value)}"`);
  return value.replace(/\/+$/, '');
}

function parseForcePathStyle(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  if (raw === 'true' || raw === 'on') return true;
  if (raw === 'false' || raw === 'off') return false;
  fail(`S3_FORCE_PATH_STYLE must be true or false, got "${raw}"`);
}

/**
 * null for the local folder, else the bucket's settings. Every mistake is an error at start-up that names the
 * setting; the secret never appears in one.
 */
export function parseMediaStore(env: Env): S3MediaStoreConfig | null {
  const raw = env.MEDIA_STORE?.trim();
  if (!raw) {
    // S3 settings without an s3:// store would leave each node writing photos to its own disk, unnoticed.
    const stray = S3_SETTINGS.filter((name) => env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but MEDIA_STORE is not: set MEDIA_STORE=s3://bucket/prefix, or unset them`);
    return null;
  }
  const match = /^s3:\/\/([^/]*)(\/.*)?$/.exec(raw);
  if (!match) fail(`expected unset (files under DATA_DIR/media) or s3://bucket/prefix, got "${shown(raw)}"`);
  // Neither a bucket name nor a prefix has an @: this is a user:password part, which is not echoed back.
  if (raw.includes('@')) fail('the URL must not carry credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  const [, bucket, path = ''] = match;
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    fail(`"${bucket}" is not a bucket name (3 to 63 characters: lower-case letters, digits, dots and hyphens)`);
  }
  const segments = path.split('/').filter(Boolean);
  for (const segment of segments) {
    if (!PREFIX_SEGMENT.test(segment) || segment === '.' || segment === '..') {
      fail(`the prefix may hold letters, digits and !_.*'()- between slashes, got "${path}"`);
    }
  }
  if (/[?#]/.test(path)) fail(`the prefix may hold letters, digits and !_.*'()- between slashes, got "${path}"`);

  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    fail('set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the AWS SDK finds credentials itself)');
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) fail(`S3_REGION must be a region name such as us-east-1, got "${region}"`);

  const config = {
    bucket,
    prefix: segments.join('/'),
    endpoint: parseEndpoint(env.S3_ENDPOINT),
    region,
    accessKeyId,
    forcePathStyle: parseForcePathStyle(env.S3_FORCE_PATH_STYLE),
  } as S3MediaStoreConfig;
  Object.defineProperty(config, 'secretAccessKey', { value: secretAccessKey, enumerable: false, writable: false });
  return config;
}

/** For logs: where photos go, without any credential. */
export function describeMediaStore(store: S3MediaStoreConfig | null, mediaDir: string): string {
  if (!store) return `files under ${mediaDir}`;
  const where = `s3://${store.bucket}${store.prefix ? `/${store.prefix}` : ''}`;
  return `${where} (${store.endpoint ?? 'AWS'}, ${store.region}${store.forcePathStyle ? ', path-style' : ''})`;
}
