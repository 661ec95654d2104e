import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SERVER_MESSAGES, USER_MESSAGES } from '@siplog/contracts';
import { userFollows, users } from '@siplog/db';
import { bearer, newClient, registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * The web app reaches accounts and profiles through tRPC: the same rules as the REST paths must hold
 * there, procedure by procedure.
 */
describe('accounts and profiles through tRPC', () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'anntrpc', { firstname: 'Ann', lastname: 'Lee' });
    bob = await registerAccount(app, 'bobtrpc', { firstname: 'Bob', lastname: 'Ray' });
  });
  afterAll(() => app.close());

  it('logs in with the session fields, and answers a wrong password with 401 Invalid credentials', async () => {
    const ok = await app.trpc('mutation', 'auth.login', { email: ann.email, password: ann.password }, newClient());
    expect(ok.data).toMatchObject({ status: 200, username: 'anntrpc', first_name: 'Ann', must_change_password: false });
    const wrong = await app.trpc('mutation', 'auth.login', { email: ann.email, password: 'Wrong1234' }, newClient());
    expect(wrong.status).toBe(401);
    expect(wrong.error?.message).toBe(SERVER_MESSAGES.invalidCredentials);
  });

  it('refuses every signed-in procedure without a token', async () => {
    const calls: Array<['query' | 'mutation', string, unknown]> = [
      ['query', 'user.profile', {}],
      ['query', 'user.byName', { name: 'Ann Lee' }],
      ['mutation', 'user.updateFavoriteOrder', { current_fav_order: 'Cortado' }],
      ['mutation', 'user.updateDetails', { gender: 'Custom' }],
      ['mutation', 'user.deleteProfileImage', {}],
      ['query', 'user.isFollowed', { targetusername: 'anntrpc' }],
      ['mutation', 'user.follow', { targetusername: 'anntrpc' }],
      ['mutation', 'user.unfollow', { targetusername: 'anntrpc' }],
      ['mutation', 'auth.changePassword', { oldpassword: 'Secret12', newpassword: 'Another99' }],
      ['mutation', 'auth.deactivateAccount', { password: 'Secret12' }],
      ['query', 'auth.checkUserStatus', {}],
      ['mutation', 'auth.logout', undefined],
    ];
    for (const [kind, procedure, input] of calls) {
      const answer = await app.trpc(kind, procedure, input);
      expect(answer.status, procedure).toBe(401);
      expect(answer.error?.message, procedure).toBe(SERVER_MESSAGES.unauthorized);
    }
  });

  it("refuses with 403 and changes nothing when the body names someone else", async () => {
    const people = async () =>
      JSON.stringify([
        await app.data.select().from(users).orderBy(users.id),
        await app.data.select().from(userFollows).orderBy(userFollows.followerId, userFollows.followeeId),
      ]);
    const before = await people();
    const calls: Array<['query' | 'mutation', string, unknown]> = [
      ['query', 'user.profile', { email: ann.email }],
      ['mutation', 'user.updateFavoriteOrder', { email: ann.email, current_fav_order: 'Hijacked' }],
      ['mutation', 'user.updateDetails', { email: ann.email, gender: 'Custom' }],
      ['mutation', 'user.deleteProfileImage', { email: ann.email }],
      ['query', 'user.isFollowed', { currentusername: 'anntrpc', targetusername: 'bobtrpc' }],
      ['mutation', 'user.follow', { currentusername: 'anntrpc', targetusername: 'bobtrpc' }],
      ['mutation', 'user.unfollow', { currentusername: 'anntrpc', targetusername: 'bobtrpc' }],
      ['mutation', 'auth.changePassword', { email: ann.email, oldpassword: bob.password, newpassword: 'Hijacked99' }],
      ['mutation', 'auth.deactivateAccount', { email: ann.email, password: bob.password }],
      ['query', 'auth.checkUserStatus', { email: ann.email }],
    ];
    for (const [kind, procedure, input] of calls) {
      const answer = await app.trpc(kind, procedure, input, bob.auth);
      expect(answer.status, procedure).toBe(403);
      expect(answer.error?.message, procedure).toBe(SERVER_MESSAGES.forbidden);
    }
    expect(await people()).toBe(before);
  });

  it('follows and unfollows, refusing to follow oneself', async () => {
    expect((await app.trpc('mutation', 'user.follow', { targetusername: 'anntrpc' }, bob.auth)).data).toEqual({ status: 200, followed: true });
    expect((await app.trpc('query', 'user.isFollowed', { targetusername: 'anntrpc' }, bob.auth)).data).toEqual({ followed: true });
    const self = await app.trpc('mutation', 'user.follow', { targetusername: 'bobtrpc' }, bob.auth);
    expect(self.status).toBe(400);
    expect(self.error?.message).toBe(USER_MESSAGES.cannotFollowSelf);
    expect((await app.trpc('mutation', 'user.unfollow', { targetusername: 'anntrpc' }, bob.auth)).data).toEqual({ status: 200, followed: false });
  });

  it('stops a token at once after logout, and every earlier token after a password change', async () => {
    const carl = await registerAccount(app, 'carltrpc');
    const second = await app.trpc('mutation', 'auth.login', { email: carl.email, password: carl.password }, newClient());
    expect((await app.trpc('mutation', 'auth.logout', undefined, carl.auth)).status).toBe(200);
    expect((await app.trpc('query', 'user.profile', {}, carl.auth)).status).toBe(401);
    expect((await app.trpc('query', 'user.profile', {}, bearer(second.data.token))).status).toBe(200);

    const changed = await app.trpc('mutation', 'auth.changePassword', { oldpassword: carl.password, newpassword: 'Fresh12345' }, bearer(second.data.token));
    expect(changed.data).toEqual({ status: 200, msg: AUTH_MESSAGES.passwordChanged, token: expect.any(String) });
    expect((await app.trpc('query', 'user.profile', {}, bearer(second.data.token))).status).toBe(401);
    expect((await app.trpc('query', 'user.profile', {}, bearer(changed.data.token))).status).toBe(200);
  });
});
