import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@siplog/contracts';
import { contactMessages, DIALECT, insertEstablishment } from '@siplog/db';
import { bearer, newClient, registerAccount, type TestAccount } from '../../test/accounts';
import { loggedProblems, readTodaysLog, startTestApp, type TestApp } from '../../test/test-app';
import { BACKUP_FAILED, BACKUP_FILE_PATTERN, BACKUP_ON_POSTGRESQL, LOG_REPLY_MAX_BYTES } from './admin-files.service';

const ADMIN = 'bossfiles@example.com';
const LOG_NAME = 'application-2026-01-15.log';

describe('admin files: logs, database backups and their download', () => {
  let app: TestApp;
  let ann: TestAccount;
  let admin: TestAccount;
  let postId: number;

  const download = async (filename: string, headers: Record<string, string> = admin.auth) => {
    const response = await fetch(`${app.baseUrl}/api/admin/downloadanyfile?filename=${encodeURIComponent(filename)}`, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, bytes };
  };
  const downloadRaw = async (query: string) => (await fetch(`${app.baseUrl}/api/admin/downloadanyfile?${query}`, { headers: admin.auth })).status;
  const decoded = (body: { data: string }) => Buffer.from(body.data, 'base64').toString('utf8');

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN });
    ann = await registerAccount(app, 'annfiles');
    admin = await registerAccount(app, 'bossfiles');
    await insertEstablishment(app.data, { placeId: 'siplog:files-cafe', name: 'Files Cafe', lat: 41.88, lng: -87.63, city: 'Chicago', state: 'IL' });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    form.append(
      'data',
      JSON.stringify({ place_id: 'siplog:files-cafe', establishment_name: 'Files Cafe', order: 'Flat white', review: 'Kept safe', rating: 5, filetype: 'image' }),
    );
    const posted = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: ann.auth, body: form });
    expect(posted.status).toBe(200);
    postId = ((await posted.json()) as { post_id: number }).post_id;
    fs.writeFileSync(path.join(app.config.logsDir, LOG_NAME), '2026-01-15T10:00:00.000Z INFO [Auth] Registration successful: ann\nsecond line\n');
  });
  afterAll(() => app.close());

  describe('who may call: guests 401, other people 403, admins 200 (REST and tRPC)', () => {
    it('getFRLogfileInfo', async () => {
      const body = { filename: LOG_NAME };
      expect((await app.post('/api/admin/getFRLogfileInfo', body)).status).toBe(401);
      expect((await app.post('/api/admin/getFRLogfileInfo', body, ann.auth)).status).toBe(403);
      // whatever the body says: a bad name from a non-admin is still 403, not 400
      expect((await app.post('/api/admin/getFRLogfileInfo', { filename: '../app.db' }, ann.auth)).status).toBe(403);
      expect((await app.post('/api/admin/getFRLogfileInfo', body, admin.auth)).status).toBe(200);

      expect((await app.trpc('query', 'admin.logFile', body)).status).toBe(401);
      expect((await app.trpc('query', 'admin.logFile', body, ann.auth)).status).toBe(403);
      expect((await app.trpc('query', 'admin.logFile', { filename: '../app.db' }, ann.auth)).status).toBe(403);
      const ok = await app.trpc('query', 'admin.logFile', body, admin.auth);
      expect(ok.status).toBe(200);
      expect(decoded(ok.data)).toContain('Registration successful: ann');
    });

    // The online backup copies SQLite's file; on PostgreSQL an admin is told to use the database's own tools (below).
    it.skipIf(DIALECT === 'pg')('backupdatabase', async () => {
      expect((await app.post('/api/admin/backupdatabase', {})).status).toBe(401);
      expect((await app.post('/api/admin/backupdatabase', {}, ann.auth)).status).toBe(403);
      expect((await app.trpc('mutation', 'admin.backup', {})).status).toBe(401);
      expect((await app.trpc('mutation', 'admin.backup', {}, ann.auth)).status).toBe(403);
      const before = fs.readdirSync(app.config.backupsDir);

      const rest = await app.post('/api/admin/backupdatabase', {}, admin.auth);
      expect(rest.status).toBe(200);
      expect(rest.body).toEqual({ status: 200, msg: ADMIN_MESSAGES.backupDone.body, filename: expect.stringMatching(BACKUP_FILE_PATTERN) });
      const trpc = await app.trpc('mutation', 'admin.backup', {}, admin.auth);
      expect(trpc.status).toBe(200);
      expect(trpc.data).toEqual({ status: 200, msg: ADMIN_MESSAGES.backupDone.body, filename: expect.stringMatching(BACKUP_FILE_PATTERN) });
      // refusals made nothing; each backup is one self-contained file (no -wal, -shm or partial left)
      expect(fs.readdirSync(app.config.backupsDir).sort()).toEqual([...before, rest.body.filename, trpc.data.filename].sort());
    });

    // It downloads a backup made by backupdatabase, which only SQLite makes; the PostgreSQL test below checks who may call.
    it.skipIf(DIALECT === 'pg')('downloadanyfile (the download stays REST)', async () => {
      const { filename } = (await app.post('/api/admin/backupdatabase', {}, admin.auth)).body;
      expect((await download(filename, {})).status).toBe(401);
      expect((await download(filename, ann.auth)).status).toBe(403);
      expect((await download('../app.db', ann.auth)).status).toBe(403);
      expect((await download(filename)).status).toBe(200);
    });

    it.runIf(DIALECT === 'pg')('backupdatabase on PostgreSQL: 409 saying that pg_dump or point-in-time recovery make backups, writing nothing', async () => {
      expect((await app.post('/api/admin/backupdatabase', {})).status).toBe(401);
      expect((await app.post('/api/admin/backupdatabase', {}, ann.auth)).status).toBe(403);
      expect((await app.trpc('mutation', 'admin.backup', {})).status).toBe(401);
      expect((await app.trpc('mutation', 'admin.backup', {}, ann.auth)).status).toBe(403);
      expect((await app.post('/api/admin/backupdatabase', { extra: 1 }, admin.auth)).status).toBe(400);
      const before = fs.readdirSync(app.config.backupsDir);

      const rest = await app.post('/api/admin/backupdatabase', {}, admin.auth);
      expect([rest.status, rest.body]).toEqual([409, { status: 409, msg: BACKUP_ON_POSTGRESQL }]);
      const trpc = await app.trpc('mutation', 'admin.backup', {}, admin.auth);
      expect([trpc.status, trpc.error?.message, trpc.error?.data.code]).toEqual([409, BACKUP_ON_POSTGRESQL, 'CONFLICT']);
      expect(BACKUP_ON_POSTGRESQL).toMatch(/pg_dump/);
      expect(fs.readdirSync(app.config.backupsDir)).toEqual(before);
      // The download is still guarded, and there is nothing to download.
      const name = 'siplog-backup-20260101-000000-abcdef12.db';
      expect((await download(name, {})).status).toBe(401);
      expect((await download(name, ann.auth)).status).toBe(403);
      expect((await download(name)).status).toBe(404);
      // A refusal the admin can act on, not a failure: nothing about it logged above info.
      expect((await loggedProblems(app.config)).filter((line) => /backup/i.test(line))).toEqual([]);
    });
  });

  describe('logs', () => {
    it('reads a day from the log folder back as base64, and 404 for a day without a file', async () => {
      const answer = await app.post('/api/admin/getFRLogfileInfo', { filename: LOG_NAME }, admin.auth);
      expect(answer.status).toBe(200);
      expect(answer.body.truncated).toBe(false);
      // Each API node reads its own log files, and says which: host and port, so two nodes on one host differ.
      expect(answer.body.node).toBe(`${os.hostname()}:${app.config.port}`);
      expect(answer.body.data).toBe(fs.readFileSync(path.join(app.config.logsDir, LOG_NAME)).toString('base64'));
      expect((await app.trpc('query', 'admin.logFile', { filename: LOG_NAME }, admin.auth)).data.node).toBe(answer.body.node);

      const missing = await app.post('/api/admin/getFRLogfileInfo', { filename: 'application-2025-02-28.log' }, admin.auth);
      expect(missing.status).toBe(404);
      expect((await app.trpc('query', 'admin.logFile', { filename: 'application-2025-02-28.log' }, admin.auth)).status).toBe(404);
    });

    it('refuses anything but a validated name in the log folder (400), REST and tRPC', async () => {
      fs.writeFileSync(path.join(app.config.dataDir, 'secret.log'), 'not for the operator screen');
      const attempts: unknown[] = [
        '../app.db',
        '%2e%2e%2f',
        '%2e%2e%2fapp.db',
        '..%2Fapp.db',
        '/etc/passwd',
        '..\\app.db',
        'application-2026-13-45.log',
        'application-2026-02-30.log',
        'application-2026-01-15.log/../../app.db',
        '../application-2026-01-15.log',
        'logs/application-2026-01-15.log',
        `${app.config.logsDir}/${LOG_NAME}`,
        'application-2026-01-15.log\u0000',
        'application-2026-01-15.log\n',
        '',
        42,
        ['application-2026-01-15.log'],
      ];
      for (const filename of attempts) {
        const rest = await app.post('/api/admin/getFRLogfileInfo', { filename }, admin.auth);
        expect([filename, rest.status]).toEqual([filename, 400]);
        expect(rest.body.msg).toEqual(expect.any(String));
        const trpc = await app.trpc('query', 'admin.logFile', { filename }, admin.auth);
        expect([filename, trpc.status]).toEqual([filename, 400]);
      }
      expect((await app.post('/api/admin/getFRLogfileInfo', {}, admin.auth)).status).toBe(400);
      expect((await app.post('/api/admin/getFRLogfileInfo', { filename: LOG_NAME, path: '/etc' }, admin.auth)).status).toBe(400);
    });

    it('does not follow a symbolic link planted in the log folder', async () => {
      const link = path.join(app.config.logsDir, 'application-2026-01-16.log');
      fs.symlinkSync(app.config.databaseFile, link);
      try {
        expect((await app.post('/api/admin/getFRLogfileInfo', { filename: 'application-2026-01-16.log' }, admin.auth)).status).toBe(404);
      } finally {
        fs.rmSync(link);
      }
    });

    it('caps a very large day to its last 5 MB, after a note line saying so', async () => {
      const name = 'application-2026-01-17.log';
      const line = (i: number) => `2026-01-17T00:00:00.000Z INFO [Big] line ${String(i).padStart(7, '0')} ${'x'.repeat(60)}\n`;
      const lines: string[] = [];
      for (let i = 0; i < 90_000; i++) lines.push(line(i)); // about 8 MB
      const text = lines.join('');
      fs.writeFileSync(path.join(app.config.logsDir, name), text);

      const answer = await app.post('/api/admin/getFRLogfileInfo', { filename: name }, admin.auth);
      expect(answer.status).toBe(200);
      expect(answer.body.truncated).toBe(true);
      const shown = decoded(answer.body);
      const [note, firstShown] = shown.split('\n', 2);
      expect(note).toMatch(/^\[log truncated: .*last \d+ bytes are shown/);
      expect(firstShown).toMatch(/^2026-01-17T00:00:00\.000Z INFO \[Big\] line \d{7} x+$/); // starts at a whole line
      expect(shown.endsWith(line(89_999))).toBe(true);
      expect(Buffer.byteLength(shown) - Buffer.byteLength(note) - 1).toBeLessThanOrEqual(LOG_REPLY_MAX_BYTES);
    });
  });

  describe('backup, restore and download', () => {
    // SQLite only: PostgreSQL's backups are made outside the app (pg_dump, point-in-time recovery).
    it.skipIf(DIALECT === 'pg')('downloads a backup as an attachment with its name, byte for byte', async () => {
      const { filename } = (await app.post('/api/admin/backupdatabase', {}, admin.auth)).body;
      const answer = await download(filename);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
      expect(answer.headers.get('content-type')).toBe('application/octet-stream');
      expect(answer.bytes.equals(fs.readFileSync(path.join(app.config.backupsDir, filename)))).toBe(true);
      const audit = await readTodaysLog(app.config, `downloaded backup ${filename}`);
      expect(audit).toContain(`admin ${ADMIN} downloaded backup ${filename}`);
    });

    it.skipIf(DIALECT === 'pg')('fails a backup that cannot be made with a clear 503, leaving nothing behind', async () => {
      const realDir = app.config.backupsDir;
      const blocker = path.join(app.config.dataDir, 'not-a-folder');
      fs.writeFileSync(blocker, 'a file where the backups folder should be');
      (app.config as { backupsDir: string }).backupsDir = path.join(blocker, 'backups');
      try {
        const rest = await app.post('/api/admin/backupdatabase', {}, admin.auth);
        expect(rest.status).toBe(503);
        expect(rest.body.msg).toBe(BACKUP_FAILED);
        const trpc = await app.trpc('mutation', 'admin.backup', {}, admin.auth);
        expect(trpc.status).toBe(503);
        expect(trpc.error?.message).toBe(BACKUP_FAILED);
      } finally {
        (app.config as { backupsDir: string }).backupsDir = realDir;
        fs.rmSync(blocker);
      }
      expect(fs.readdirSync(realDir).filter((name) => !BACKUP_FILE_PATTERN.test(name) && name !== 'notes.txt')).toEqual([]);
      // and the next backup works again
      expect((await app.post('/api/admin/backupdatabase', {}, admin.auth)).status).toBe(200);
    });

    it('downloads nothing but a backup by its name: other names 400, unknown backups 404', async () => {
      fs.writeFileSync(path.join(app.config.backupsDir, 'notes.txt'), 'not a backup');
      for (const filename of [
        '../app.db',
        'app.db',
        '/etc/passwd',
        '..%2fapp.db',
        'notes.txt',
        'siplog-backup-20260101-000000-abcdef12.db/../../app.db',
        'siplog-backup-20260101-000000-abcdef12.db.partial',
        `${app.config.backupsDir}/siplog-backup-20260101-000000-abcdef12.db`,
      ]) {
        expect([filename, (await download(filename)).status]).toEqual([filename, 400]);
      }
      expect(await downloadRaw('filename=%2e%2e%2fapp.db')).toBe(400);
      expect(await downloadRaw('filename=..%5Capp.db')).toBe(400);
      expect(await downloadRaw('')).toBe(400);
      expect(await downloadRaw('filename=a&filename=b')).toBe(400);
      expect((await download('siplog-backup-20260101-000000-abcdef12.db')).status).toBe(404);
    });

    // Last: the second app it starts takes over Nest's process-wide logger.
    it.skipIf(DIALECT === 'pg')('makes a sound copy while the app keeps writing, and the copy restores into a fresh DATA_DIR', async () => {
      // Enough data that the online backup takes many steps, so the writes below land between them.
      const row = (i: number) => ({
        supportEmail: 'support@siplog.test',
        clientEmail: `writer${i}@example.com`,
        firstName: 'Writer',
        lastName: String(i),
        phone: '512-555-0100',
        message: `message ${i} ${'m'.repeat(400)}`,
      });
      app.db.transaction((tx) => {
        for (let i = 0; i < 20_000; i++) tx.insert(contactMessages).values(row(i)).run();
      });
      const countRows = () => app.db.select().from(contactMessages).all().length;
      const before = countRows();

      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing) {
          app.db.insert(contactMessages).values(row(100_000 + written)).run();
          written += 1;
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      // and writes through the API as well: a registration while the copy runs
      const [backup, late] = await Promise.all([
        app.post('/api/admin/backupdatabase', {}, admin.auth),
        registerAccount(app, 'latefiles'),
      ]);
      writing = false;
      await writer;
      expect(backup.status).toBe(200);
      expect(written).toBeGreaterThan(10); // the app kept writing while the copy was taken
      expect(late.token).toEqual(expect.any(String));

      const file = path.join(app.config.backupsDir, backup.body.filename);
      const audit = await readTodaysLog(app.config, `finished database backup ${backup.body.filename}`);
      expect(audit).toContain(`admin ${ADMIN} finished database backup ${backup.body.filename}`);
      expect(audit).toMatch(/integrity ok/);

      // Restore: the procedure of the README, into a fresh DATA_DIR, then start the app on it.
      const restoreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-restore-'));
      fs.copyFileSync(file, path.join(restoreDir, 'app.db'));
      const restored = await startTestApp({ DATA_DIR: restoreDir, ADMIN_EMAILS: ADMIN });
      try {
        expect(restored.db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
        const restoredRows = restored.db.select().from(contactMessages).all().length;
        expect(restoredRows).toBeGreaterThanOrEqual(before);
        expect(restoredRows).toBeLessThanOrEqual(before + written);
        // the people can sign in with their passwords, and their post is there
        for (const account of [ann, admin]) {
          const login = await restored.post('/api/user/authenticateuser', { email: account.email, password: account.password }, newClient());
          expect(login.status).toBe(200);
        }
        const post = await restored.post('/api/post/loadpost', { postid: postId });
        expect(post.status).toBe(200);
        expect(JSON.stringify(post.body)).toContain('Kept safe');
        // and the restored app can make its own backup
        const login = await restored.post('/api/user/authenticateuser', { email: admin.email, password: admin.password }, newClient());
        expect((await restored.post('/api/admin/backupdatabase', {}, bearer(login.body.token))).status).toBe(200);
      } finally {
        await restored.close();
        fs.rmSync(restoreDir, { recursive: true, force: true });
      }
    });
  });

  // Last: a second app in this process takes over Nest's shared logger, so the log checks above must run before it.
  describe('the node that answers', () => {
    it('names a second node on the same host apart from the first: by its NODE_NAME, else by its own port', async () => {
      for (const [env, name] of [
        [{ NODE_NAME: ' eu-west-2b ' }, 'eu-west-2b'],
        [{ PORT: '3107' }, `${os.hostname()}:3107`],
      ] as const) {
        const other = await startTestApp({ ADMIN_EMAILS: ADMIN, ...env });
        try {
          const otherAdmin = await registerAccount(other, 'bossfiles');
          fs.writeFileSync(path.join(other.config.logsDir, LOG_NAME), 'a line of the other node\n');
          const answer = await other.post('/api/admin/getFRLogfileInfo', { filename: LOG_NAME }, otherAdmin.auth);
          expect(answer.status).toBe(200);
          expect(answer.body.node).toBe(name);
          const first = await app.post('/api/admin/getFRLogfileInfo', { filename: LOG_NAME }, admin.auth);
          expect(first.body.node).not.toBe(answer.body.node);
        } finally {
          await other.close();
        }
      }
    });
  });
});
