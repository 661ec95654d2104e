import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config/app.config';
import type { TestApp } from './test-app';

/** The newest outbox message addressed to `to`, as text. */
export function latestMailTo(config: AppConfig, to: string): string | undefined {
  const files = fs.readdirSync(config.outboxDir).sort().reverse();
  for (const file of files) {
    const text = fs.readFileSync(path.join(config.outboxDir, file), 'utf8');
    if (text.includes(`To: ${to}`)) return text;
  }
  return undefined;
}

export function codeFromMail(mail: string | undefined): string {
  const match = mail?.match(/code is: ([A-Za-z0-9]+)/);
  if (!match) throw new Error(`no verification code in mail:\n${mail}`);
  return match[1];
}

export function tempPasswordFromMail(mail: string | undefined): string {
  const match = mail?.match(/temporary password is: ([A-Za-z0-9]+)/);
  if (!match) throw new Error(`no temporary password in mail:\n${mail}`);
  return match[1];
}

export interface TestAccount {
  email: string;
  username: string;
  password: string;
  token: string;
  auth: Record<string, string>;
}

let ipCounter = 10;
/** A fresh client address per call, so rate limits of one test do not spill into another. */
export function newClient(): Record<string, string> {
  ipCounter += 1;
  return { 'X-Forwarded-For': `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.1` };
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Joins through the real flow: code request, code from the outbox, registration. */
export async function registerAccount(
  app: TestApp,
  username: string,
  overrides: Partial<{ email: string; password: string; firstname: string; lastname: string }> = {},
): Promise<TestAccount> {
  const email = overrides.email ?? `${username}@example.com`;
  const password = overrides.password ?? 'Secret12';
  const client = newClient();
  const requested = await app.post('/api/user/getemailverificationcode', { email }, client);
  if (requested.status !== 200) throw new Error(`code request failed: ${JSON.stringify(requested.body)}`);
  const code = codeFromMail(latestMailTo(app.config, email));
  const registered = await app.post(
    '/api/user/registeruser',
    {
      email,
      verificationcode: code,
      password,
      firstname: overrides.firstname ?? 'Test',
      lastname: overrides.lastname ?? username,
      userid: username,
      phonenumber: '512-555-0100',
      zipcode: '78701',
    },
    client,
  );
  if (registered.status !== 200) throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
  const token = registered.body.user.token as string;
  return { email, username, password, token, auth: bearer(token) };
}
