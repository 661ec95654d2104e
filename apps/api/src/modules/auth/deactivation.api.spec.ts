import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, USER_MESSAGES } from '@siplog/contracts';
import { sessions, verificationCodes } from '@siplog/db';
import { newClient, registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { AccountHousekeeping } from './account-housekeeping.service';

describe('deactivating an account (Terms: in account settings; signing in again reactivates)', () => {
  let app: TestApp;
  let dee: TestAccount;
  let fan: TestAccount;

  beforeAll(async () => {
    app = await startTestApp();
    dee = await registerAccount(app, 'deeleaves', { firstname: 'Dee', lastname: 'Parts' });
    fan = await registerAccount(app, 'deesfan');
    await app.post('/api/user/followuser', { targetusername: 'deeleaves' }, fan.auth);
  });
  afterAll(() => app.close());

  it('asks for the password and refuses a wrong one, changing nothing', async () => {
    const wrong = await app.post('/api/user/deactivateaccount', { password: 'NotIt1234' }, dee.auth);
    expect(wrong.body).toEqual({ status: 400, msg: AUTH_MESSAGES.oldPasswordWrong });
    expect((await app.post('/api/user/deactivateaccount', { password: '' }, dee.auth)).body).toEqual({ status: 400, msg: AUTH_MESSAGES.passwordRequired });
    expect((await app.post('/api/user/loadpublicprofile', { username: 'deeleaves' })).status).toBe(200);
  });

  it('hides the person everywhere and ends their sessions, until they sign in again', async () => {
    const done = await app.post('/api/user/deactivateaccount', { email: dee.email, password: dee.password }, dee.auth);
    expect(done.body).toEqual({ status: 200, msg: AUTH_MESSAGES.accountDeactivated });
    expect((await app.post('/api/user/loadprofile', {}, dee.auth)).status).toBe(401);
    expect((await app.post('/api/user/loadpublicprofile', { username: 'deeleaves' })).body).toEqual({ status: 404, msg: USER_MESSAGES.notFound });
    expect((await app.post('/api/user/loaduserbyname', { name: 'Dee Parts' }, fan.auth)).status).toBe(404);
    expect((await app.post('/api/user/searchusersorplaces', { searchString: 'deelea' }, newClient())).body).toEqual({ searchresult: [] });
    expect((await app.post('/api/user/loadprofile', {}, fan.auth)).body.user.following).toEqual([]);
    expect((await app.post('/api/user/followuser', { targetusername: 'deeleaves' }, fan.auth)).status).toBe(404);

    const back = await app.post('/api/user/authenticateuser', { email: dee.email, password: dee.password }, newClient());
    expect(back.status).toBe(200);
    expect((await app.post('/api/user/loadpublicprofile', { username: 'deeleaves' })).body.user.followers).toEqual(['deesfan']);
    expect((await app.post('/api/user/loadprofile', {}, fan.auth)).body.user.following).toEqual(['deeleaves']);
  });

  it('lets a follower drop a deactivated person, so the follow does not come back with them', async () => {
    const gone = await registerAccount(app, 'goneaway');
    await app.post('/api/user/followuser', { targetusername: 'goneaway' }, fan.auth);
    await app.post('/api/user/deactivateaccount', { password: gone.password }, gone.auth);
    expect((await app.post('/api/user/unfollowuser', { targetusername: 'goneaway' }, fan.auth)).body).toEqual({ status: 200, followed: false });
    await app.post('/api/user/authenticateuser', { email: gone.email, password: gone.password }, newClient());
    expect((await app.post('/api/user/loadpublicprofile', { username: 'goneaway' })).body.user.followers).toEqual([]);
  });

  it('purges dead sessions and join codes, and a purged token stays refused', async () => {
    const gone = await registerAccount(app, 'purgeme');
    await app.post('/api/user/logout', {}, gone.auth);
    await app.post('/api/user/getemailverificationcode', { email: 'unfinished@example.com' }, newClient());
    await app.data.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) });

    const purged = await app.get(AccountHousekeeping).purge();
    expect(purged.sessions).toBeGreaterThan(0);
    expect(purged.codes).toBeGreaterThan(0);
    expect(await app.data.select().from(verificationCodes)).toEqual([]);
    expect((await app.data.select().from(sessions)).every((row) => row.revokedAt === null && row.expiresAt > new Date())).toBe(true);
    expect((await app.post('/api/user/loadprofile', {}, gone.auth)).status).toBe(401);
    expect((await app.post('/api/user/loadprofile', {}, fan.auth)).status).toBe(200);
  });
});
