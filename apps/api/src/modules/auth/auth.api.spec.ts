import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, FORGOT_PASSWORD_MESSAGES, LOGIN_MESSAGES, PROFILE_MESSAGES, REGISTRATION_MESSAGES } from '@siplog/contracts';
import { sessions, users, verificationCodes } from '@siplog/db';
import { bearer, codeFromMail, latestMailTo, newClient, registerAccount, tempPasswordFromMail } from '../../test/accounts';
import { readTodaysLog, startTestApp, type TestApp } from '../../test/test-app';
import { VERIFICATION_CODE_MAX_ATTEMPTS } from './auth.service';

/** Asks for a temporary password and reads it from the outbox (it is mailed just after the answer). */
async function requestTemporaryPassword(app: TestApp, email: string): Promise<string> {
  await app.post('/api/user/gettemppwd', { email }, newClient());
  let mail: string | undefined;
  for (let i = 0; i < 40 && !mail?.includes('temporary password is'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    mail = latestMailTo(app.config, email);
  }
  return tempPasswordFromMail(mail);
}

const joinBody = (email: string, code: string, userid: string) => ({
  email,
  verificationcode: code,
  password: 'Secret1',
  firstname: 'aNN',
  lastname: 'LEE',
  userid,
  phonenumber: '512-555-0199',
  zipcode: '78701',
});

describe('joining with an e-mail code', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(() => app.close());

  it('mails a 6-character code and registers with it, capitalising names and lower-casing e-mail and username', async () => {
    const client = newClient();
    const requested = await app.post('/api/user/getemailverificationcode', { email: 'Ann.Lee@Example.com' }, client);
    expect(requested).toMatchObject({ status: 200, body: { status: 200, msg: AUTH_MESSAGES.codeSent } });
    const code = codeFromMail(latestMailTo(app.config, 'ann.lee@example.com'));
    expect(code).toMatch(/^[A-Za-z0-9]{6}$/);

    const registered = await app.post('/api/user/registeruser', joinBody('ann.lee@example.com', code, 'AnnLee'), client);
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({
      status: 200,
      user: {
        status: 200,
        token: expect.any(String),
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann.lee@example.com',
        username: 'annlee',
        must_change_password: false,
      },
    });
    const stored = (await app.data.select().from(users).where(eq(users.username, 'annlee')))[0]!;
    expect(stored.verified).toBe(true);
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(stored.passwordHash).toContain('m=19456');
    expect(stored.passwordHash).toMatch(/[$,]t=2[$,]/);
    expect(await readTodaysLog(app.config, 'Registration successful: annlee')).toContain('Registration successful: annlee');

    const profile = await app.post('/api/user/loadprofile', {}, bearer(registered.body.user.token));
    expect(profile.status).toBe(200);
  });

  it('treats the code as case sensitive and single-use', async () => {
    const client = newClient();
    await app.post('/api/user/getemailverificationcode', { email: 'case@example.com' }, client);
    const code = codeFromMail(latestMailTo(app.config, 'case@example.com'));
    const flipped = code.replace(/[a-zA-Z]/, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
    if (flipped !== code) {
      const wrongCase = await app.post('/api/user/registeruser', joinBody('case@example.com', flipped, 'casey'), client);
      expect(wrongCase.body).toEqual({ status: 400, msg: AUTH_MESSAGES.codeInvalid });
    }
    expect((await app.post('/api/user/registeruser', joinBody('case@example.com', code, 'casey'), client)).status).toBe(200);
    const again = await app.post('/api/user/registeruser', joinBody('case@example.com', code, 'casey2'), client);
    expect(again.status).toBe(400);
  });

  it(`kills a code after ${VERIFICATION_CODE_MAX_ATTEMPTS} wrong tries`, async () => {
    const client = newClient();
    await app.post('/api/user/getemailverificationcode', { email: 'guess@example.com' }, client);
    const code = codeFromMail(latestMailTo(app.config, 'guess@example.com'));
    for (let i = 0; i < VERIFICATION_CODE_MAX_ATTEMPTS; i++) {
      const wrong = await app.post('/api/user/registeruser', joinBody('guess@example.com', 'zzzzz' + i, 'guesser'), client);
      expect(wrong.body.msg).toBe(AUTH_MESSAGES.codeInvalid);
    }
    const right = await app.post('/api/user/registeruser', joinBody('guess@example.com', code, 'guesser'), client);
    expect(right.body).toEqual({ status: 400, msg: AUTH_MESSAGES.codeInvalid });
  });

  it('refuses an expired code', async () => {
    const client = newClient();
    await app.post('/api/user/getemailverificationcode', { email: 'late@example.com' }, client);
    const code = codeFromMail(latestMailTo(app.config, 'late@example.com'));
    await app.data.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.email, 'late@example.com'));
    const late = await app.post('/api/user/registeruser', joinBody('late@example.com', code, 'latecomer'), client);
    expect(late.body).toEqual({ status: 400, msg: AUTH_MESSAGES.codeInvalid });
  });

  it('answers a code request for a registered e-mail the same way, mailing a notice instead of a code', async () => {
    await registerAccount(app, 'existing');
    const answer = await app.post('/api/user/getemailverificationcode', { email: 'existing@example.com' }, newClient());
    expect(answer.body).toEqual({ status: 200, msg: AUTH_MESSAGES.codeSent });
    const mail = latestMailTo(app.config, 'existing@example.com')!;
    expect(mail).toContain('already has an account');
    expect(mail).not.toMatch(/code is:/);
  });

  it('tells whether a username is free, and refuses a taken one at registration', async () => {
    await registerAccount(app, 'takenname');
    const client = newClient();
    expect((await app.post('/api/user/usernameavailable', { username: 'TakenName' }, client)).body).toEqual({ useravailable: false });
    expect((await app.post('/api/user/usernameavailable', { username: 'freename' }, client)).body).toEqual({ useravailable: true });
    expect((await app.post('/api/user/usernameavailable', { username: 'ab' }, client)).body).toEqual({ useravailable: false });

    await app.post('/api/user/getemailverificationcode', { email: 'other@example.com' }, client);
    const code = codeFromMail(latestMailTo(app.config, 'other@example.com'));
    const taken = await app.post('/api/user/registeruser', joinBody('other@example.com', code, 'takenname'), client);
    expect(taken.body).toEqual({ status: 400, msg: REGISTRATION_MESSAGES.usernameTaken });
    // The code is not spent by a taken username: the person picks another one.
    expect((await app.post('/api/user/registeruser', joinBody('other@example.com', code, 'othername'), client)).status).toBe(200);
  });

  it('tells a caller without the code nothing about which e-mails or usernames have accounts', async () => {
    await registerAccount(app, 'known', { email: 'known@example.com' });
    const guessEmail = await app.post('/api/user/registeruser', joinBody('known@example.com', 'abcdef', 'brandnew'), newClient());
    const guessUsername = await app.post('/api/user/registeruser', joinBody('fresh@example.com', 'abcdef', 'known'), newClient());
    const nothingKnown = await app.post('/api/user/registeruser', joinBody('fresh2@example.com', 'abcdef', 'brandnew2'), newClient());
    for (const answer of [guessEmail, guessUsername, nothingKnown]) {
      expect(answer.body).toEqual({ status: 400, msg: AUTH_MESSAGES.codeInvalid });
    }
  });

  it('answers a registration race for one username with the spec message, not a 500', async () => {
    const client = newClient();
    const emails = ['race1@example.com', 'race2@example.com'];
    const codes: string[] = [];
    for (const email of emails) {
      await app.post('/api/user/getemailverificationcode', { email }, client);
      codes.push(codeFromMail(latestMailTo(app.config, email)));
    }
    const answers = await Promise.all(
      emails.map((email, i) => app.post('/api/user/registeruser', joinBody(email, codes[i], 'racer'), client)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body).toEqual({ status: 400, msg: REGISTRATION_MESSAGES.usernameTaken });
  });

  it('checks registration input with the spec messages', async () => {
    const base = joinBody('x@example.com', 'abcdef', 'validname');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, email: 'nope' }, REGISTRATION_MESSAGES.emailInvalid],
      [{ ...base, verificationcode: '' }, REGISTRATION_MESSAGES.enterCode],
      [{ ...base, password: 'alllower1' }, REGISTRATION_MESSAGES.weakPassword],
      [{ ...base, userid: 'abc' }, REGISTRATION_MESSAGES.longerUsername],
      [{ ...base, zipcode: '123' }, REGISTRATION_MESSAGES.zipInvalid],
      [{ ...base, firstname: '' }, REGISTRATION_MESSAGES.firstNameRequired],
    ];
    for (const [body, msg] of cases) expect((await app.post('/api/user/registeruser', body, newClient())).body).toEqual({ status: 400, msg });
  });
});

describe('logging in and out', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: 'Boss@Example.com, other@example.com' });
  });
  afterAll(() => app.close());

  it('answers a good login with the session fields and a bad one with 401 Invalid credentials', async () => {
    const account = await registerAccount(app, 'loginok', { firstname: 'Lou' });
    const ok = await app.post('/api/user/authenticateuser', { email: ' LoginOK@example.com ', password: account.password }, newClient());
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      status: 200,
      token: expect.any(String),
      first_name: 'Lou',
      last_name: 'Loginok',
      email: 'loginok@example.com',
      username: 'loginok',
      must_change_password: false,
    });

    const wrong = await app.post('/api/user/authenticateuser', { email: account.email, password: 'Wrong123' }, newClient());
    expect(wrong).toMatchObject({ status: 401, body: { status: 401, msg: 'Invalid credentials' } });
    const unknown = await app.post('/api/user/authenticateuser', { email: 'ghost@example.com', password: 'Wrong123' }, newClient());
    expect(unknown).toMatchObject({ status: 401, body: { status: 401, msg: 'Invalid credentials' } });
    const empty = await app.post('/api/user/authenticateuser', { email: '', password: '' }, newClient());
    expect(empty.body).toEqual({ status: 400, msg: LOGIN_MESSAGES.invalidFields.body });
  });

  it('revokes the token on logout', async () => {
    const account = await registerAccount(app, 'leaver');
    expect((await app.post('/api/user/logout', {}, account.auth)).status).toBe(200);
    const after = await app.post('/api/user/loadprofile', {}, account.auth);
    expect(after).toMatchObject({ status: 401, body: { status: 401 } });
  });

  it('refuses a token whose session has run out, though the token itself has not, also once it is remembered', async () => {
    const account = await registerAccount(app, 'sessionend');
    const { jti } = JSON.parse(Buffer.from(account.token.split('.')[1], 'base64url').toString()) as { jti: string };
    // The session ends in a moment, long before the token: verified now, the token is remembered until the session ends.
    const endsAt = Date.now() + 1500;
    await app.data.update(sessions).set({ expiresAt: new Date(endsAt) }).where(eq(sessions.id, jti));
    expect((await app.post('/api/user/loadprofile', {}, account.auth)).status).toBe(200);
    expect((await app.post('/api/user/loadprofile', {}, account.auth)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - Date.now()) + 50));
    expect((await app.post('/api/user/loadprofile', {}, account.auth)).status).toBe(401);
    // And one that has already run out is refused on its first use.
    const other = await registerAccount(app, 'sessionended');
    const { jti: otherJti } = JSON.parse(Buffer.from(other.token.split('.')[1], 'base64url').toString()) as { jti: string };
    await app.data.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, otherJti));
    expect((await app.post('/api/user/loadprofile', {}, other.auth)).status).toBe(401);
  });

  it('refuses missing, forged, wrong-audience and unsigned tokens', async () => {
    const account = await registerAccount(app, 'tokentest');
    const claims = JSON.parse(Buffer.from(account.token.split('.')[1], 'base64url').toString());
    const otherKey = new TextEncoder().encode('x'.repeat(48));
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(otherKey);
    const wrongAudience = await new SignJWT({ ...claims, aud: 'someone-else' }).setProtectedHeader({ alg: 'HS256' }).sign(app.config.jwtSecret);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${account.token.split('.')[1]}.`;
    for (const headers of [{}, bearer('garbage'), bearer(forged), bearer(wrongAudience), bearer(unsigned), { Authorization: account.token }]) {
      const response = await app.post('/api/user/loadprofile', {}, headers);
      expect(response.status).toBe(401);
    }
    expect((await app.post('/api/user/loadprofile', {}, account.auth)).status).toBe(200);
  });

  it('says who may open the admin screen: only ADMIN_EMAILS accounts', async () => {
    const boss = await registerAccount(app, 'bossy', { email: 'boss@example.com' });
    const plain = await registerAccount(app, 'plainuser');
    expect((await app.post('/api/user/checkuserstatus', { email: 'boss@example.com' }, boss.auth)).body).toEqual({ userstatus: true });
    expect((await app.post('/api/user/checkuserstatus', {}, plain.auth)).body).toEqual({ userstatus: false });
    expect((await app.post('/api/user/checkuserstatus', { email: 'boss@example.com' }, plain.auth)).status).toBe(403);
    expect((await app.post('/api/user/checkuserstatus', {})).status).toBe(401);
  });

  it('rate-limits repeated logins from one address', async () => {
    const account = await registerAccount(app, 'hammered');
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await app.post('/api/user/authenticateuser', { email: account.email, password: 'Nope1234' }, client)).status);
    }
    expect(statuses).toContain(429);
    // Another address is not locked out, so nobody can lock a person out of their account.
    expect((await app.post('/api/user/authenticateuser', { email: account.email, password: account.password }, newClient())).status).toBe(200);
  });

  it('holds the per-account budget against a burst of parallel guesses', async () => {
    const account = await registerAccount(app, 'burstme');
    const client = newClient();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.post('/api/user/authenticateuser', { email: account.email, password: 'Nope1234' }, client)),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(8);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12);
  });

  it('counts only failed logins, so one busy address is not locked out by its own successful logins', async () => {
    const account = await registerAccount(app, 'busyoffice');
    const office = newClient();
    for (let i = 0; i < 12; i++) {
      const answer = await app.post('/api/user/authenticateuser', { email: account.email, password: account.password }, office);
      expect(answer.status).toBe(200);
    }
  });
});

describe('passwords', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('changes the password, ends earlier sessions and hands back a working token', async () => {
    const account = await registerAccount(app, 'changer');
    const second = await app.post('/api/user/authenticateuser', { email: account.email, password: account.password }, newClient());

    const short = await app.post('/api/user/changepassword', { oldpassword: account.password, newpassword: 'short' }, account.auth);
    expect(short.body).toEqual({ status: 400, msg: PROFILE_MESSAGES.passwordTooShort.body });
    const wrongOld = await app.post('/api/user/changepassword', { oldpassword: 'Nope1234', newpassword: 'NewSecret99' }, account.auth);
    expect(wrongOld.body).toEqual({ status: 400, msg: AUTH_MESSAGES.oldPasswordWrong });

    const changed = await app.post('/api/user/changepassword', { email: account.email, oldpassword: account.password, newpassword: 'NewSecret99' }, account.auth);
    expect(changed.body).toEqual({ status: 200, msg: 'Password changed', token: expect.any(String) });
    expect((await app.post('/api/user/loadprofile', {}, account.auth)).status).toBe(401);
    expect((await app.post('/api/user/loadprofile', {}, bearer(second.body.token))).status).toBe(401);
    expect((await app.post('/api/user/loadprofile', {}, bearer(changed.body.token))).status).toBe(200);
    expect((await app.post('/api/user/authenticateuser', { email: account.email, password: account.password }, newClient())).status).toBe(401);
    expect((await app.post('/api/user/authenticateuser', { email: account.email, password: 'NewSecret99' }, newClient())).status).toBe(200);
  });

  it("refuses to change someone else's password", async () => {
    const ann = await registerAccount(app, 'annpw');
    const bob = await registerAccount(app, 'bobpw');
    const attempt = await app.post('/api/user/changepassword', { email: ann.email, oldpassword: bob.password, newpassword: 'Hijacked99' }, bob.auth);
    expect(attempt.status).toBe(403);
    expect((await app.post('/api/user/authenticateuser', { email: ann.email, password: ann.password }, newClient())).status).toBe(200);
  });

  it('answers a temporary-password request the same whether or not the account exists', async () => {
    const account = await registerAccount(app, 'forgetful');
    const known = await app.post('/api/user/gettemppwd', { email: account.email }, newClient());
    const unknown = await app.post('/api/user/gettemppwd', { email: 'nobody@example.com' }, newClient());
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ status: 200, msg: FORGOT_PASSWORD_MESSAGES.sentIfFound });
    expect((await app.post('/api/user/gettemppwd', { email: '' }, newClient())).body.msg).toBe(FORGOT_PASSWORD_MESSAGES.emailRequired);
    expect((await app.post('/api/user/gettemppwd', { email: 'x@' }, newClient())).body.msg).toBe(FORGOT_PASSWORD_MESSAGES.emailInvalid);
  });

  it('keeps the current password working, and lets the temporary one sign in once, then only as the current password', async () => {
    const account = await registerAccount(app, 'tempuser');
    const temporary = await requestTemporaryPassword(app, account.email);

    const stillWorks = await app.post('/api/user/authenticateuser', { email: account.email, password: account.password }, newClient());
    expect(stillWorks.body.must_change_password).toBe(false);
    const withTemp = await app.post('/api/user/authenticateuser', { email: account.email, password: temporary }, newClient());
    expect(withTemp.status).toBe(200);
    expect(withTemp.body.must_change_password).toBe(true);
    // Recovery ends the other sessions; the temporary password is spent for signing in.
    expect((await app.post('/api/user/loadprofile', {}, bearer(stillWorks.body.token))).status).toBe(401);
    const again = await app.post('/api/user/authenticateuser', { email: account.email, password: temporary }, newClient());
    expect(again).toMatchObject({ status: 401, body: { status: 401, msg: 'Invalid credentials' } });
    expect((await app.post('/api/user/authenticateuser', { email: account.email, password: account.password }, newClient())).status).toBe(200);

    expect((await app.post('/api/user/loadprofile', {}, bearer(withTemp.body.token))).body.user.must_change_password).toBe(true);
    // Someone asking for another temporary password meanwhile does not break the recovery in progress.
    const second = await requestTemporaryPassword(app, account.email);
    expect(second).not.toBe(temporary);
    const changed = await app.post('/api/user/changepassword', { oldpassword: temporary, newpassword: 'Chosen1234' }, bearer(withTemp.body.token));
    expect(changed.body).toEqual({ status: 200, msg: AUTH_MESSAGES.passwordChanged, token: expect.any(String) });
    expect((await app.post('/api/user/loadprofile', {}, bearer(changed.body.token))).body.user.must_change_password).toBe(false);
    expect((await app.post('/api/user/authenticateuser', { email: account.email, password: 'Chosen1234' }, newClient())).status).toBe(200);
    // The password change ends the second temporary password too.
    expect((await app.post('/api/user/authenticateuser', { email: account.email, password: second }, newClient())).status).toBe(401);
    const reuse = await app.post('/api/user/changepassword', { oldpassword: temporary, newpassword: 'Other12345' }, bearer(changed.body.token));
    expect(reuse.body).toEqual({ status: 400, msg: AUTH_MESSAGES.oldPasswordWrong });
  });

  it('spends a temporary password once even when two sign-ins race with it', async () => {
    const account = await registerAccount(app, 'racetemp');
    const temporary = await requestTemporaryPassword(app, account.email);
    const answers = await Promise.all(
      [1, 2, 3].map(() => app.post('/api/user/authenticateuser', { email: account.email, password: temporary }, newClient())),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
  });

  it('rate-limits guesses of the current password through Change Password', async () => {
    const account = await registerAccount(app, 'guessedpw');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await app.post('/api/user/changepassword', { oldpassword: `Guess${i}xyz`, newpassword: 'Another99' }, account.auth)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('refuses an expired temporary password', async () => {
    const account = await registerAccount(app, 'slowpoke');
    const temporary = await requestTemporaryPassword(app, account.email);
    await app.data.update(users).set({ tempPasswordExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.email, account.email));
    const login = await app.post('/api/user/authenticateuser', { email: account.email, password: temporary }, newClient());
    expect(login.status).toBe(401);
  });

  it('never writes passwords, codes or tokens to the log, through every account flow', async () => {
    const client = newClient();
    await app.post('/api/user/getemailverificationcode', { email: 'secretive@example.com' }, client);
    const code = codeFromMail(latestMailTo(app.config, 'secretive@example.com'));
    const joined = await app.post('/api/user/registeruser', { ...joinBody('secretive@example.com', code, 'secretive'), password: 'VerySecret77' }, client);
    const login = await app.post('/api/user/authenticateuser', { email: 'secretive@example.com', password: 'VerySecret77' }, newClient());
    await app.post('/api/user/authenticateuser', { email: 'secretive@example.com', password: 'WrongGuess55' }, newClient());
    const temporary = await requestTemporaryPassword(app, 'secretive@example.com');
    const recovered = await app.post('/api/user/authenticateuser', { email: 'secretive@example.com', password: temporary }, newClient());
    const changed = await app.post('/api/user/changepassword', { oldpassword: temporary, newpassword: 'EvenMore88' }, bearer(recovered.body.token));
    expect(changed.status).toBe(200);
    const log = await readTodaysLog(app.config, 'Password changed: secretive');
    expect(log).toContain('Login with temporary password: secretive');
    for (const secret of ['VerySecret77', 'WrongGuess55', 'EvenMore88', temporary, code, joined.body.user.token, login.body.token, changed.body.token]) {
      expect(log).not.toContain(secret);
    }
  });
});
