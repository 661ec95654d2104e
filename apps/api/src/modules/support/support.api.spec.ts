import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@siplog/contracts';
import { contactMessages } from '@siplog/db';
import { RATE_LIMIT_POLICIES } from '../rate-limit/rate-limit.service';
import { readTodaysLog, startTestApp, TEST_SUPPORT_EMAIL, type TestApp } from '../../test/test-app';

const validContact = {
  email: TEST_SUPPORT_EMAIL,
  clientemail: 'Ann.Lee@Example.com',
  firstname: 'Ann',
  lastname: 'Lee',
  phone: '512-555-0199',
  message: 'Could you add the tea house on 5th street?',
};

/** Each request comes from its own address (the test app trusts the loopback proxy). */
let nextIp = 1;
const fromNewIp = () => ({ 'X-Forwarded-For': `203.0.113.${nextIp++}` });

describe('contact form: POST /api/user/requestinformation', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('rejects each invalid field with the spec message, in the spec order', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...validContact, clientemail: 'ann@' }, CONTACT_MESSAGES.emailInvalid],
      [{ ...validContact, firstname: '   ' }, CONTACT_MESSAGES.firstNameRequired],
      [{ ...validContact, lastname: '' }, CONTACT_MESSAGES.lastNameRequired],
      [{ ...validContact, phone: '5125550199' }, CONTACT_MESSAGES.phoneInvalid],
      [{ ...validContact, message: 'Hi there' }, CONTACT_MESSAGES.messageTooShort],
      [{ ...validContact, clientemail: 'bad', phone: 'bad' }, CONTACT_MESSAGES.emailInvalid],
    ];
    for (const [body, msg] of cases) {
      const response = await app.post('/api/user/requestinformation', body, fromNewIp());
      expect(response.status, msg).toBe(400);
      expect(response.body).toEqual({ status: 400, msg });
    }
    expect(await app.data.select().from(contactMessages)).toHaveLength(0);
  });

  it('stores the message and writes an e-mail to the support address in the outbox', async () => {
    const response = await app.post('/api/user/requestinformation', validContact, fromNewIp());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 200 });

    const [stored] = await app.data.select().from(contactMessages);
    expect(stored).toMatchObject({ clientEmail: 'ann.lee@example.com', firstName: 'Ann', phone: '512-555-0199' });
    expect(stored.mailedAt).toBeInstanceOf(Date);

    const files = fs.readdirSync(app.config.outboxDir);
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(app.config.outboxDir, files[0]), 'utf8');
    expect(eml).toContain(`To: ${TEST_SUPPORT_EMAIL}`);
    expect(eml).toContain('Reply-To: ann.lee@example.com');
    expect(eml).toContain('Could you add the tea house on 5th street?');
    expect(eml).toMatch(/\r\n/);
  });

  it('mails SUPPORT_EMAIL whatever address the client names', async () => {
    const before = fs.readdirSync(app.config.outboxDir).length;
    await app.post('/api/user/requestinformation', { ...validContact, email: 'attacker@evil.test' }, fromNewIp());
    const files = fs.readdirSync(app.config.outboxDir).sort();
    expect(files).toHaveLength(before + 1);
    const eml = fs.readFileSync(path.join(app.config.outboxDir, files.at(-1)!), 'utf8');
    expect(eml).toContain(`To: ${TEST_SUPPORT_EMAIL}`);
    expect(eml).not.toContain('evil.test');
  });

  it('answers the same through tRPC, with the same message for bad input', async () => {
    const bad = await app.post('/trpc/support.contact', { ...validContact, phone: '12' }, fromNewIp());
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(CONTACT_MESSAGES.phoneInvalid);
    const good = await app.post('/trpc/support.contact', validContact, fromNewIp());
    expect(good.status).toBe(200);
  });

  it('rate-limits one address and tells it when to retry', async () => {
    const ip = fromNewIp();
    for (let i = 0; i < RATE_LIMIT_POLICIES.contact.points; i++) {
      expect((await app.post('/api/user/requestinformation', validContact, ip)).status).toBe(200);
    }
    const limited = await app.post('/api/user/requestinformation', validContact, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/too many requests/i);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await app.post('/api/user/requestinformation', validContact, fromNewIp())).status).toBe(200);
  });
});

describe('contact form when mail cannot be sent', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the SMTP connection is refused at once.
    app = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(() => app.close());

  it('keeps the message and answers with the spec failure text', async () => {
    const response = await app.post('/api/user/requestinformation', validContact, fromNewIp());
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 503, msg: CONTACT_MESSAGES.failed.body });
    const [stored] = await app.data.select().from(contactMessages);
    expect(stored.message).toBe(validContact.message);
    expect(stored.mailedAt).toBeNull();
  });

  it('keeps one copy when the person retries after the failure dialog', async () => {
    const retry = await app.post('/api/user/requestinformation', { ...validContact, phone: '512-555-0142' }, fromNewIp());
    expect(retry.status).toBe(503);
    const stored = await app.data.select().from(contactMessages);
    expect(stored).toHaveLength(1);
    expect(stored[0].phone).toBe('512-555-0142');
    await app.post('/api/user/requestinformation', { ...validContact, message: 'A different question entirely.' }, fromNewIp());
    expect(await app.data.select().from(contactMessages)).toHaveLength(2);
  });
});

describe('client log: POST /api/clientLog', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('writes the message to the day log, prefixed with the client IP and suffixed with the referrer', async () => {
    const response = await app.post(
      '/api/clientLog',
      { level: 'error', msg: 'Error registering user' },
      { 'X-Forwarded-For': '198.51.100.7', Referer: 'http://localhost:3000/join' },
    );
    expect(response.status).toBe(200);
    const log = await readTodaysLog(app.config, 'Error registering user');
    expect(log).toMatch(/ERROR \[ClientLog\] 198\.51\.100\.7 Error registering user http:\/\/localhost:3000\/join/);
  });

  it('never writes a token a client sent in its message to the log', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXBhcnQ';
    await app.post('/api/clientLog', { level: 'error', msg: `upload failed with Bearer abc.def.ghi and ${jwt} marker-redact` }, fromNewIp());
    const log = await readTodaysLog(app.config, 'marker-redact');
    expect(log).toContain('Bearer [redacted]');
    expect(log).toContain('[redacted token] marker-redact');
    expect(log).not.toContain('abc.def.ghi');
    expect(log).not.toContain(jwt);
  });

  it('keeps a multi-line message on one log line', async () => {
    await app.post('/api/clientLog', { level: 'warn', msg: 'first\nFAKE ERROR [Auth] second' }, fromNewIp());
    const log = await readTodaysLog(app.config, 'first FAKE ERROR');
    expect(log).toContain('first FAKE ERROR [Auth] second');
    expect(log).not.toMatch(/^FAKE ERROR/m);
  });

  it('ignores X-Forwarded-For from a proxy it does not trust', async () => {
    const untrusting = await startTestApp({ TRUST_PROXY: 'false' });
    try {
      await untrusting.post('/api/clientLog', { level: 'info', msg: 'who am i' }, { 'X-Forwarded-For': '192.0.2.99' });
      const log = await readTodaysLog(untrusting.config, 'who am i');
      expect(log).toMatch(/\[ClientLog\] 127\.0\.0\.1 who am i/);
      expect(log).not.toContain('192.0.2.99');
    } finally {
      await untrusting.close();
    }
  });

  it('rate-limits a chatty client', async () => {
    const ip = fromNewIp();
    for (let i = 0; i < RATE_LIMIT_POLICIES.clientLog.points; i++) {
      await app.post('/api/clientLog', { level: 'debug', msg: `line ${i}` }, ip);
    }
    expect((await app.post('/api/clientLog', { level: 'debug', msg: 'one more' }, ip)).status).toBe(429);
  });
});
