import { randomBytes } from 'node:crypto';
import { DIALECT } from '@siplog/db';
import pg from 'pg';

/** A fresh database for one test app: on PostgreSQL a copy of the run's migrated template; null on SQLite (a new file). */
export async function freshTestDatabaseUrl(): Promise<string | null> {
  if (DIALECT !== 'pg') return null;
  const admin = requiredEnv('SIPLOG_TEST_PG_ADMIN_URL');
  const name = `app_${process.pid}_${randomBytes(4).toString('hex')}`;
  await asAdmin(admin, `create database "${name}" template "${requiredEnv('SIPLOG_TEST_PG_TEMPLATE')}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

/** Drops a database made by freshTestDatabaseUrl, closing whatever still holds it. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await asAdmin(requiredEnv('SIPLOG_TEST_PG_ADMIN_URL'), `drop database if exists "${name}" with (force)`);
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 30_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the PostgreSQL suite with vitest.pg.config.ts`);
  return value;
}
