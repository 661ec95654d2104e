import fs from 'node:fs';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, newestShippedMigration } from '@siplog/db';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { startTestApp, type TestApp } from '../../test/test-app';
import { READINESS_MEMO_MS } from './readiness.service';

const ALL_OK = { database: 'ok', migrations: 'ok', mediaStore: 'ok' };

/** The readiness answer once the last one has expired (answers are reused for READINESS_MEMO_MS). */
async function readiness(app: TestApp) {
  await new Promise((resolve) => setTimeout(resolve, READINESS_MEMO_MS + 50));
  const response = await fetch(`${app.baseUrl}/api/health/ready`);
  return { status: response.status, body: (await response.json()) as { status: string; checks: Record<string, string> }, cacheControl: response.headers.get('cache-control') };
}

const liveness = async (app: TestApp) => (await fetch(`${app.baseUrl}/api/health`)).status;

describe('liveness and readiness (issue 26)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('is ready when the database answers, records the newest migration and the media folder can be written; never kept', async () => {
    expect(await readiness(app)).toEqual({ status: 200, body: { status: 'ready', checks: ALL_OK }, cacheControl: 'no-store' });
    expect(await (await fetch(`${app.baseUrl}/api/health`)).json()).toEqual({ status: 'ok' });
  });

  it('is documented in the OpenAPI document, 200 and 503', async () => {
    const doc: any = await (await fetch(`${app.baseUrl}/api/docs/json`)).json();
    expect(Object.keys(doc.paths['/api/health/ready'].get.responses).sort()).toEqual(['200', '503']);
  });

  it('answers 503 naming the media store while its folder is gone, and 200 again once it is back; liveness stays 200', async () => {
    fs.renameSync(app.config.mediaDir, `${app.config.mediaDir}.away`);
    try {
      expect(await readiness(app)).toMatchObject({ status: 503, body: { status: 'not ready', checks: { ...ALL_OK, mediaStore: 'cannot be used: ENOENT' } } });
      expect(await liveness(app)).toBe(200);
    } finally {
      fs.renameSync(`${app.config.mediaDir}.away`, app.config.mediaDir);
    }
    expect(await readiness(app)).toMatchObject({ status: 200, body: { checks: ALL_OK } });
  });

  it("answers 503 when the database does not record this build's newest migration", async () => {
    const table = DIALECT === 'pg' ? 'drizzle.__drizzle_migrations' : '__drizzle_migrations';
    const newest = newestShippedMigration(DIALECT);
    // As if the database were restored from before the newest migration: its record a moment older than the journal's.
    const moveRecord = (from: number, to: number) => app.data.statement(`update ${table} set created_at = ${to} where created_at = ${from}`).run();
    expect(await moveRecord(newest.when, newest.when - 1)).toBe(1);
    try {
      const { status, body } = await readiness(app);
      expect([status, body.checks]).toEqual([503, { ...ALL_OK, migrations: `not applied: ${newest.tag} is not recorded` }]);
    } finally {
      expect(await moveRecord(newest.when - 1, newest.when)).toBe(1);
    }
    expect((await readiness(app)).status).toBe(200);
  });

  it.skipIf(DIALECT !== 'pg')('answers 503 naming the database while PostgreSQL refuses connections, and recovers with it', async () => {
    const name = new URL(app.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.SIPLOG_TEST_PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      const { status, body } = await readiness(app);
      expect(status).toBe(503);
      expect(body.checks.database).toMatch(/^did not answer: /);
      expect(body.checks.mediaStore).toBe('ok');
      expect(JSON.stringify(body)).not.toMatch(/postgres:\/\/|password|\n\s+at /);
      expect(await liveness(app)).toBe(200);
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`);
      await admin.end();
    }
    let after = await readiness(app);
    for (let attempt = 0; attempt < 10 && after.status !== 200; attempt++) after = await readiness(app);
    expect(after).toMatchObject({ status: 200, body: { checks: ALL_OK } });
  });
});

describe('readiness on an S3 media store', () => {
  let s3: TestS3;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    app = await startTestApp({ ...s3.envFor('ready'), MEDIA_STORE: 's3://siplog-not-made-yet/ready' });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('answers 503 while the bucket does not exist, naming it without any credential, and 200 once it does', async () => {
    const { status, body } = await readiness(app);
    expect([status, body]).toEqual([503, { status: 'not ready', checks: { ...ALL_OK, mediaStore: 'cannot be used: NoSuchBucket' } }]);
    expect(JSON.stringify(body)).not.toContain('S3RVER');
    expect(await liveness(app)).toBe(200);

    await s3.client.send(new CreateBucketCommand({ Bucket: 'siplog-not-made-yet' }));
    expect(await readiness(app)).toMatchObject({ status: 200, body: { status: 'ready', checks: ALL_OK } });
  });
});
