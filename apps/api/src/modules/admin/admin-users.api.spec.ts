import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, LIMITS, POST_MESSAGES, USER_MESSAGES } from '@siplog/contracts';
import { comments, insertEstablishment, postImages, postLikes, posts, users } from '@siplog/db';
import { bearer, latestMailTo, newClient, registerAccount, tempPasswordFromMail, type TestAccount } from '../../test/accounts';
import { readTodaysLog, startTestApp, type TestApp } from '../../test/test-app';
import { TokenService } from '../auth/token.service';

const ADMIN_EMAIL = 'boss@example.com';
const PLACE_ID = 'siplog:admin-cafe';

/** Each admin path with a body that succeeds for an admin, its tRPC twin, and a body that is bad input. */
type Case = { path: string; procedure: string; kind: 'query' | 'mutation'; body: () => Record<string, unknown> | Promise<Record<string, unknown>>; bad: Record<string, unknown> };

describe('admin users: people, their posts and e-mail', () => {
  let app: TestApp;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;
  let placeId: number;

  const outbox = () => fs.readdirSync(app.config.outboxDir).length;
  const postImagesDir = () => path.join(app.config.mediaDir, 'postimages');
  const storedFiles = () => (fs.existsSync(postImagesDir()) ? fs.readdirSync(postImagesDir()).sort() : []);
  const userRow = async (email: string) => (await app.data.select().from(users).where(eq(users.email, email)))[0]!;

  /** A review straight in the database (no photos), `daysAgo` old. */
  async function insertPost(account: TestAccount, order: string, daysAgo = 0): Promise<number> {
    const [post] = await app.data
      .insert(posts)
      .values({
        userId: (await userRow(account.email)).id,
        establishmentId: placeId,
        orderText: order,
        review: `Review of ${order}`,
        rating: 4,
        createdAt: new Date(Date.now() - daysAgo * 86_400_000),
      })
      .returning();
    return post!.id;
  }

  /** A review posted through the real upload, so it has stored photo files. */
  async function uploadPost(account: TestAccount, order: string): Promise<{ post_id: number; establishment_id: number }> {
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a67' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'one.jpg');
    form.append('file2', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'two.jpg');
    form.append('data', JSON.stringify({ place_id: PLACE_ID, establishment_name: 'Admin Cafe', order, review: 'Fine', rating: 5, filetype: 'image' }));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: account.auth, body: form });
    const body = (await response.json()) as { post_id: number; establishment_id: number };
    expect(response.status).toBe(200);
    return body;
  }

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await registerAccount(app, 'boss', { email: ADMIN_EMAIL, firstname: 'Bossy' });
    ann = await registerAccount(app, 'annadmin', { firstname: 'Ann', lastname: 'Lee' });
    bob = await registerAccount(app, 'bobadmin', { firstname: 'Bob', lastname: 'Ray' });
    placeId = (await insertEstablishment(app.data, { placeId: PLACE_ID, name: 'Admin Cafe', lat: 30.27, lng: -97.74, city: 'Austin', state: 'TX' })).id;
  });
  afterAll(() => app.close());

  describe('only admins', () => {
    const cases: Case[] = [
      { path: 'getusers', procedure: 'admin.users', kind: 'query', body: () => ({}), bad: { verified: 'yes' } },
      { path: 'adminchangepwd', procedure: 'admin.changePassword', kind: 'mutation', body: () => ({ email: bob.email }), bad: { email: 'nope' } },
      {
        path: 'updateuserprofile',
        procedure: 'admin.updateUser',
        kind: 'mutation',
        body: () => ({ email: bob.email, firstname: 'Bob', lastname: 'Ray', address: '1 Main St', phonenumber: '512-555-0101' }),
        bad: { email: 'bob@example.com', phonenumber: '12' },
      },
      {
        path: 'sendemail',
        procedure: 'admin.sendEmail',
        kind: 'mutation',
        body: () => ({ recipient: bob.email, subject: 'Hello', message: 'Just checking in.' }),
        bad: { recipient: 'bob@example.com', subject: '', message: '' },
      },
      { path: 'loadpostsbyuser', procedure: 'admin.postsByUser', kind: 'query', body: () => ({ email: bob.email }), bad: {} },
      { path: 'deletepost', procedure: 'admin.deletePost', kind: 'mutation', body: async () => ({ post_id: await insertPost(bob, 'Matrix') }), bad: { post_id: 'x' } },
    ];

    it.each(cases)('REST /api/admin/$path: guest 401, normal user 403 (whatever the body), admin 200', async ({ path: route, body, bad }) => {
      const url = `/api/admin/${route}`;
      const guest = await app.post(url, await body());
      expect(guest.status).toBe(401);
      expect(guest.body.status).toBe(401);
      for (const sent of [await body(), bad, { email: ann.email, unknown: 1 }]) {
        const refused = await app.post(url, sent, ann.auth);
        expect(refused.status).toBe(403);
        expect(refused.body.status).toBe(403);
      }
      const allowed = await app.post(url, await body(), admin.auth);
      expect(allowed.status).toBe(200);
    });

    it.each(cases)('tRPC $procedure: guest 401, normal user 403 (whatever the input), admin answers', async ({ procedure, kind, body, bad }) => {
      expect((await app.trpc(kind, procedure, await body())).status).toBe(401);
      for (const sent of [await body(), bad]) {
        const refused = await app.trpc(kind, procedure, sent, ann.auth);
        expect(refused.status).toBe(403);
        expect(refused.error?.data.code).toBe('FORBIDDEN');
      }
      const allowed = await app.trpc(kind, procedure, await body(), admin.auth);
      expect(allowed.status).toBe(200);
      expect(allowed.data).toBeDefined();
    });

    it('refuses a token that is no longer valid with 401', async () => {
      const gone = await registerAccount(app, 'goneadmin');
      await app.post('/api/user/logout', {}, gone.auth);
      expect((await app.post('/api/admin/getusers', {}, gone.auth)).status).toBe(401);
    });
  });

  describe('getusers', () => {
    it('lists everyone in the admin view', async () => {
      const response = await app.post('/api/admin/getusers', {}, admin.auth);
      expect(response.status).toBe(200);
      const annView = response.body.users.find((user: { email: string }) => user.email === ann.email);
      expect(annView).toEqual({
        email: ann.email,
        username: 'annadmin',
        first_name: 'Ann',
        last_name: 'Lee',
        phone_number: '512-555-0100',
        address: '',
        zip_code: '78701',
        verified: true,
        deactivated: false,
        suspended: false,
        suspension_reason: null,
      });
      expect(response.body.users.map((user: { email: string }) => user.email)).toEqual(expect.arrayContaining([admin.email, ann.email, bob.email]));
      for (const user of response.body.users) expect(Object.keys(user)).not.toContain('password_hash');
    });

    it('lists only verified people when the Verified box is checked, and everyone when it is not (REST and tRPC alike)', async () => {
      const unverified = await registerAccount(app, 'unverif');
      await app.data.update(users).set({ verified: false }).where(eq(users.email, unverified.email));
      const emails = (body: { users: Array<{ email: string }> }) => body.users.map((user) => user.email);
      const everyone = (await app.data.select().from(users)).map((row) => row.email).sort();

      const onlyVerified = await app.post('/api/admin/getusers', { verified: true }, admin.auth);
      expect(emails(onlyVerified.body)).toContain(ann.email);
      expect(emails(onlyVerified.body)).not.toContain(unverified.email);
      const unchecked = await app.post('/api/admin/getusers', { verified: false }, admin.auth);
      expect(emails(unchecked.body)).toEqual(everyone);
      const noBox = await app.post('/api/admin/getusers', {}, admin.auth);
      expect(emails(noBox.body)).toEqual(everyone);
      const all = await app.trpc('query', 'admin.users', undefined, admin.auth);
      expect(emails(all.data)).toEqual(everyone);
      const trpcUnchecked = await app.trpc('query', 'admin.users', { verified: false }, admin.auth);
      expect(emails(trpcUnchecked.data)).toEqual(everyone);
      const trpcChecked = await app.trpc('query', 'admin.users', { verified: true }, admin.auth);
      expect(emails(trpcChecked.data)).not.toContain(unverified.email);
      expect(await readTodaysLog(app.config, 'listed verified users')).toContain(`Admin boss <${ADMIN_EMAIL}> listed verified users`);
    });
  });

  describe('adminchangepwd', () => {
    it("mails a temporary password as 'Email Password' does; it signs in once, the old password still works", async () => {
      const carl = await registerAccount(app, 'carladmin', { firstname: 'Carl' });
      const response = await app.post('/api/admin/adminchangepwd', { email: carl.email.toUpperCase() }, admin.auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 200, msg: ADMIN_MESSAGES.passwordChanged });

      const mail = latestMailTo(app.config, carl.email);
      expect(mail).toContain('Subject: Your Siplog temporary password');
      expect(mail).toContain('Hi Carl,');
      const temporary = tempPasswordFromMail(mail);

      const old = await app.post('/api/user/authenticateuser', { email: carl.email, password: carl.password }, newClient());
      expect(old.status).toBe(200);
      const withTemp = await app.post('/api/user/authenticateuser', { email: carl.email, password: temporary }, newClient());
      expect(withTemp.status).toBe(200);
      expect(withTemp.body.must_change_password).toBe(true);
      const again = await app.post('/api/user/authenticateuser', { email: carl.email, password: temporary }, newClient());
      expect(again.status).toBe(401);

      const log = await readTodaysLog(app.config, `Admin boss <${ADMIN_EMAIL}> mailed a temporary password to ${carl.email}`);
      expect(log).toContain(`Admin boss <${ADMIN_EMAIL}> mailed a temporary password to ${carl.email}`);
    });

    it('answers 404 for an unknown e-mail and 400 for a missing one, mailing nothing', async () => {
      const before = outbox();
      const unknown = await app.post('/api/admin/adminchangepwd', { email: 'nobody@example.com' }, admin.auth);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ status: 404, msg: USER_MESSAGES.notFound });
      const missing = await app.post('/api/admin/adminchangepwd', {}, admin.auth);
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe(ADMIN_MESSAGES.selectUser.body);
      const viaTrpc = await app.trpc('mutation', 'admin.changePassword', { email: 'nobody@example.com' }, admin.auth);
      expect(viaTrpc.status).toBe(404);
      expect(outbox()).toBe(before);
    });
  });

  describe('updateuserprofile', () => {
    it('updates first and last name, address and phone, and logs who did it', async () => {
      const dana = await registerAccount(app, 'danaadmin', { firstname: 'Dana' });
      const response = await app.post(
        '/api/admin/updateuserprofile',
        { email: dana.email, firstname: 'Danielle', lastname: 'Stone', address: '12 Elm St, Austin', phonenumber: '512-555-0199' },
        admin.auth,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 200, msg: USER_MESSAGES.detailsUpdated });
      const row = await userRow(dana.email);
      expect([row.firstName, row.lastName, row.address, row.phone]).toEqual(['Danielle', 'Stone', '12 Elm St, Austin', '512-555-0199']);
      expect([row.username, row.zipCode]).toEqual(['danaadmin', '78701']);

      const listed = (await app.post('/api/admin/getusers', {}, admin.auth)).body.users.find((user: { email: string }) => user.email === dana.email);
      expect(listed).toMatchObject({ first_name: 'Danielle', last_name: 'Stone', address: '12 Elm St, Austin', phone_number: '512-555-0199' });

      // A blank name is kept (a person always has one); a blank address or phone clears it; tRPC does the same.
      const viaTrpc = await app.trpc('mutation', 'admin.updateUser', { email: dana.email, firstname: '', lastname: ' ', address: '', phonenumber: '' }, admin.auth);
      expect(viaTrpc.status).toBe(200);
      const cleared = await userRow(dana.email);
      expect([cleared.firstName, cleared.lastName, cleared.address, cleared.phone]).toEqual(['Danielle', 'Stone', '', '']);

      // The zip the details panel shows is editable too.
      const zip = await app.post('/api/admin/updateuserprofile', { email: dana.email, zipcode: '60622' }, admin.auth);
      expect(zip.status).toBe(200);
      expect((await userRow(dana.email)).zipCode).toBe('60622');

      expect(await readTodaysLog(app.config, `updated the profile (firstName, lastName, address, phone) of ${dana.email}`)).toContain(
        `Admin boss <${ADMIN_EMAIL}> updated the profile (firstName, lastName, address, phone) of ${dana.email}`,
      );
    });

    it('refuses bad input with 400 and unknown people with 404, changing nothing', async () => {
      const before = await userRow(bob.email);
      const badPhone = await app.post('/api/admin/updateuserprofile', { email: bob.email, firstname: 'Robert', phonenumber: '5125550101' }, admin.auth);
      expect(badPhone.status).toBe(400);
      const longName = await app.post('/api/admin/updateuserprofile', { email: bob.email, firstname: 'R'.repeat(LIMITS.nameMax + 1) }, admin.auth);
      expect(longName.status).toBe(400);
      const longAddress = await app.post('/api/admin/updateuserprofile', { email: bob.email, address: 'a'.repeat(LIMITS.addressMax + 1) }, admin.auth);
      expect(longAddress.status).toBe(400);
      const badZip = await app.post('/api/admin/updateuserprofile', { email: bob.email, zipcode: '6062' }, admin.auth);
      expect(badZip.status).toBe(400);
      const extra = await app.post('/api/admin/updateuserprofile', { email: bob.email, firstname: 'Robert', username: 'robert' }, admin.auth);
      expect(extra.status).toBe(400);
      const unknown = await app.post('/api/admin/updateuserprofile', { email: 'nobody@example.com', firstname: 'Robert' }, admin.auth);
      expect(unknown.status).toBe(404);
      expect(await userRow(bob.email)).toEqual(before);
    });
  });

  describe('sendemail', () => {
    it("mails the person the message after a greeting with their first name, and logs it", async () => {
      const response = await app.post(
        '/api/admin/sendemail',
        { recipient: ann.email, subject: 'About your review', message: 'Thanks for posting.\nSee you soon.' },
        admin.auth,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 200, msg: ADMIN_MESSAGES.emailSent });
      const mail = latestMailTo(app.config, ann.email)!;
      expect(mail).toContain('Subject: About your review');
      expect(mail).toMatch(/Hi Ann,\r?\n\r?\nThanks for posting\.\r?\nSee you soon\./);
      expect(await readTodaysLog(app.config, `e-mailed "About your review" to ${ann.email}`)).toContain(
        `Admin boss <${ADMIN_EMAIL}> e-mailed "About your review" to ${ann.email}`,
      );

      const viaTrpc = await app.trpc('mutation', 'admin.sendEmail', { recipient: bob.email, subject: 'Via tRPC', message: 'Hello Bob.' }, admin.auth);
      expect(viaTrpc.status).toBe(200);
      expect(viaTrpc.data).toEqual({ status: 200, msg: ADMIN_MESSAGES.emailSent });
      expect(latestMailTo(app.config, bob.email)).toMatch(/Hi Bob,\r?\n\r?\nHello Bob\./);
    });

    it('needs a subject and a message within their caps, and a known recipient; nothing is sent otherwise', async () => {
      const before = outbox();
      const send = (body: Record<string, unknown>) => app.post('/api/admin/sendemail', body, admin.auth);
      const noSubject = await send({ recipient: ann.email, subject: '', message: 'Hello' });
      expect([noSubject.status, noSubject.body.msg]).toEqual([400, ADMIN_MESSAGES.enterSubject.body]);
      const blankSubject = await send({ recipient: ann.email, subject: '   ', message: 'Hello' });
      expect([blankSubject.status, blankSubject.body.msg]).toEqual([400, ADMIN_MESSAGES.enterSubject.body]);
      const missingSubject = await send({ recipient: ann.email, message: 'Hello' });
      expect([missingSubject.status, missingSubject.body.msg]).toEqual([400, ADMIN_MESSAGES.enterSubject.body]);
      const noMessage = await send({ recipient: ann.email, subject: 'Hi', message: ' \n ' });
      expect([noMessage.status, noMessage.body.msg]).toEqual([400, ADMIN_MESSAGES.enterMessage.body]);
      const longSubject = await send({ recipient: ann.email, subject: 's'.repeat(LIMITS.textFieldMax + 1), message: 'Hello' });
      expect(longSubject.status).toBe(400);
      const longMessage = await send({ recipient: ann.email, subject: 'Hi', message: 'm'.repeat(LIMITS.contactMessageMax + 1) });
      expect(longMessage.status).toBe(400);
      const noRecipient = await send({ subject: 'Hi', message: 'Hello' });
      expect([noRecipient.status, noRecipient.body.msg]).toEqual([400, ADMIN_MESSAGES.selectUser.body]);
      const unknown = await send({ recipient: 'nobody@example.com', subject: 'Hi', message: 'Hello' });
      expect(unknown.status).toBe(404);
      const trpcEmpty = await app.trpc('mutation', 'admin.sendEmail', { recipient: ann.email, subject: 'Hi', message: '' }, admin.auth);
      expect([trpcEmpty.status, trpcEmpty.error?.message]).toEqual([400, ADMIN_MESSAGES.enterMessage.body]);
      expect(outbox()).toBe(before);
    });
  });

  describe('loadpostsbyuser', () => {
    it("lists all of a person's reviews newest first in the post shape, deactivated or not", async () => {
      const erin = await registerAccount(app, 'erinadmin');
      await insertPost(erin, 'Oldest', 3);
      await insertPost(erin, 'Middle', 2);
      const newest = await insertPost(erin, 'Newest', 1);
      await app.data.insert(postImages).values({ postId: newest, fileName: `${'e'.repeat(32)}.webp`, position: 0 });

      const response = await app.post('/api/admin/loadpostsbyuser', { email: erin.email }, admin.auth);
      expect(response.status).toBe(200);
      expect(response.body.posts.map((post: { order: string }) => post.order)).toEqual(['Newest', 'Middle', 'Oldest']);
      expect(response.body.posts[0]).toMatchObject({
        post_id: newest,
        _id: newest,
        username: 'erinadmin',
        establishment_id: placeId,
        establishment_name: 'Admin Cafe',
        order: 'Newest',
        rating: '4',
        likes: 0,
        images: [`${'e'.repeat(32)}.webp`],
        est_city: 'Austin',
      });

      await app.data.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, erin.email));
      const viaTrpc = await app.trpc('query', 'admin.postsByUser', { email: erin.email }, admin.auth);
      expect(viaTrpc.data.posts).toHaveLength(3);
    });

    it('answers an empty list for someone without posts and 404 for an unknown e-mail', async () => {
      const fay = await registerAccount(app, 'fayadmin');
      expect((await app.post('/api/admin/loadpostsbyuser', { email: fay.email }, admin.auth)).body).toEqual({ posts: [] });
      const unknown = await app.post('/api/admin/loadpostsbyuser', { email: 'nobody@example.com' }, admin.auth);
      expect(unknown.status).toBe(404);
      const missing = await app.post('/api/admin/loadpostsbyuser', {}, admin.auth);
      expect([missing.status, missing.body.msg]).toEqual([400, ADMIN_MESSAGES.selectUser.body]);
    });
  });

  describe('deletepost', () => {
    it('deletes a review with its photos, likes and comments, and logs it', async () => {
      const filesBefore = storedFiles();
      const { post_id, establishment_id } = await uploadPost(ann, 'Doomed latte');
      const doomedFiles = storedFiles().filter((file) => !filesBefore.includes(file));
      expect(doomedFiles.length).toBeGreaterThanOrEqual(2);
      const kept = await uploadPost(ann, 'Kept latte');
      const keptFiles = storedFiles().filter((file) => !filesBefore.includes(file) && !doomedFiles.includes(file));
      await app.post('/api/post/likepost', { postid: post_id }, bob.auth);
      await app.post('/api/post/addcomment', { postid: post_id, comment: 'Looks good' }, bob.auth);
      expect(await app.data.select().from(postLikes).where(eq(postLikes.postId, post_id))).toHaveLength(1);

      const response = await app.post('/api/admin/deletepost', { post_id: String(post_id), establishment_id }, admin.auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 200, msg: ADMIN_MESSAGES.postDeleted });
      expect(await app.data.select().from(posts).where(eq(posts.id, post_id))).toEqual([]);
      expect(await app.data.select().from(postImages).where(eq(postImages.postId, post_id))).toEqual([]);
      expect(await app.data.select().from(postLikes).where(eq(postLikes.postId, post_id))).toEqual([]);
      expect(await app.data.select().from(comments).where(eq(comments.postId, post_id))).toEqual([]);

      expect(storedFiles()).toEqual([...filesBefore, ...keptFiles].sort());

      const listed = (await app.post('/api/admin/loadpostsbyuser', { email: ann.email }, admin.auth)).body.posts.map((post: { post_id: number }) => post.post_id);
      expect(listed).toContain(kept.post_id);
      expect(listed).not.toContain(post_id);
      expect(await readTodaysLog(app.config, `deleted review ${post_id} `)).toContain(`Admin boss <${ADMIN_EMAIL}> deleted review ${post_id} (establishment ${establishment_id}) of annadmin`);

      const viaTrpc = await app.trpc('mutation', 'admin.deletePost', { post_id: kept.post_id }, admin.auth);
      expect(viaTrpc.data).toEqual({ status: 200, msg: ADMIN_MESSAGES.postDeleted });
      expect(await app.data.select().from(posts).where(eq(posts.id, kept.post_id))).toEqual([]);
      expect(storedFiles()).toEqual(filesBefore);
    });

    it('answers 404 for an unknown review or one of another place, 400 for a bad id, removing nothing', async () => {
      const postId = await insertPost(bob, 'Survivor');
      const unknown = await app.post('/api/admin/deletepost', { post_id: 999_999 }, admin.auth);
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toBe(POST_MESSAGES.notFound);
      const otherPlace = await app.post('/api/admin/deletepost', { post_id: postId, establishment_id: placeId + 1000 }, admin.auth);
      expect(otherPlace.status).toBe(404);
      for (const bad of [{}, { post_id: 'abc' }, { post_id: -1 }, { post_id: 1.5 }]) {
        expect((await app.post('/api/admin/deletepost', bad, admin.auth)).status).toBe(400);
      }
      expect(await app.data.select().from(posts).where(eq(posts.id, postId))).toHaveLength(1);
    });
  });
});

describe('admin users when mail cannot be sent', () => {
  let app: TestApp;
  let adminAuth: Record<string, string>;
  const person = { email: 'gil@example.com', username: 'giladmin', passwordHash: 'x', firstName: 'Gil', lastName: 'Moss' };

  beforeAll(async () => {
    // Nothing listens on port 1: the SMTP connection is refused at once.
    app = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: 'smtp://127.0.0.1:1' });
    const [boss] = await app.data.insert(users).values({ email: ADMIN_EMAIL, username: 'boss', passwordHash: 'x', firstName: 'Boss', lastName: 'Admin' }).returning();
    await app.data.insert(users).values(person);
    adminAuth = bearer(await app.get(TokenService).issue(boss!.id));
  });
  afterAll(() => app.close());

  it("answers 503 'Failed to send email' for sendemail and adminchangepwd", async () => {
    const sent = await app.post('/api/admin/sendemail', { recipient: person.email, subject: 'Hi', message: 'Hello' }, adminAuth);
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({ status: 503, msg: ADMIN_MESSAGES.emailFailed.body });
    const reset = await app.post('/api/admin/adminchangepwd', { email: person.email }, adminAuth);
    expect(reset.status).toBe(503);
    expect(reset.body).toEqual({ status: 503, msg: ADMIN_MESSAGES.emailFailed.body });
    const viaTrpc = await app.trpc('mutation', 'admin.sendEmail', { recipient: person.email, subject: 'Hi', message: 'Hello' }, adminAuth);
    expect([viaTrpc.status, viaTrpc.error?.message]).toEqual([503, ADMIN_MESSAGES.emailFailed.body]);
  });
});
