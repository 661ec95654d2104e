import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES } from '@siplog/contracts';
import { insertEstablishment } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import type { FediversePeer } from '../../test/fediverse-peer';
import { startSiplogAndPeer } from '../../test/federation-world';
import { postReview } from '../../test/reviews';
import type { TestApp } from '../../test/test-app';

/*
 * Safety with people elsewhere (issue 30), against a Mastodon-shaped peer on a private https network: a reply from
 * elsewhere and its author can be reported, and the report sent on as a Flag from this server's instance actor
 * (without the reporter's name); a Flag that comes in lands in the Reports panel; a person here blocks someone
 * elsewhere: follows both ways end (their server told), their replies and notifications are hidden, their next
 * Follow is refused.
 */
const SIPLOG = 'siplog-safety.test';
const PEER = 'peer-safety.test';
const AP = { Accept: 'application/activity+json' };
const INBOX = `https://${SIPLOG}/ap/inbox`;

interface AdminReport {
  report_id: number;
  kind: string;
  target_id: string;
  note: string;
  reporter_username: string | null;
  from_server?: string;
  remote_server?: string;
  forwarded?: true;
  owner_username: string;
  owner_email: string;
  content: Record<string, any>;
}

async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Safety with people elsewhere', () => {
  let app: TestApp;
  let peer: FediversePeer;
  let close: () => Promise<void>;
  let boss: TestAccount;
  let maya: TestAccount;
  let sam: TestAccount;
  let postId: number;
  let replyId: number;
  let mayaUri: string;

  beforeAll(async () => {
    ({ app, peer, close } = await startSiplogAndPeer(SIPLOG, PEER, { ADMIN_EMAILS: 'boss@example.com' }));
    boss = await registerAccount(app, 'boss');
    maya = await registerAccount(app, 'maya_safe');
    sam = await registerAccount(app, 'sam_safe');
    await insertEstablishment(app.data, { placeId: 'siplog:calm-cup', name: 'Calm Cup', lat: 41.88, lng: -87.63, street: '3 Bean St', city: 'Chicago', state: 'IL' });
    // ann (elsewhere) follows maya, maya posts a review, ann replies to it.
    const { target } = await peer.follow(`@maya_safe@${SIPLOG}`);
    mayaUri = target.id!.href;
    await peer.waitFor((item) => item.type === 'Accept', "maya's Accept");
    postId = (await postReview(app, maya, { place_id: 'siplog:calm-cup', order: 'Mocha', rating: 2 })).body.post_id;
    await peer.reply(`https://${SIPLOG}/ap/reviews/${postId}`, '<p>Buy my followers!</p>');
    await until(async () => (await comments()).length === 1, 'the reply');
    replyId = (await comments())[0].comment_id as number;
  });
  afterAll(() => close?.());

  const comments = async (who?: TestAccount) => (await app.post('/api/post/loadcomments', { postid: postId }, who?.auth)).body.comments as Array<Record<string, any>>;
  const report = (who: TestAccount, body: Record<string, unknown>) => app.post('/api/report/add', body, who.auth);
  const openReports = async () => ((await app.post('/api/admin/reports', { status: 'open' }, boss.auth)).body as { reports: AdminReport[] }).reports;
  const flags = () => peer.received.filter((item) => item.type === 'Flag');

  it('serves the instance actor as an Application with a key, at an identifier no person can have', async () => {
    const response = await fetch(`https://${SIPLOG}/ap/users/instance`, { headers: AP });
    expect(response.status).toBe(200);
    const actor = (await response.json()) as Record<string, any>;
    expect(actor).toMatchObject({ type: 'Application', id: `https://${SIPLOG}/ap/users/instance`, preferredUsername: SIPLOG });
    expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
  });

  it('reports a reply from elsewhere and sends it on as a Flag from the instance actor, without the reporter', async () => {
    const sent = await report(sam, { kind: 'remote_comment', target_id: replyId, reason: 'spam', note: 'Selling followers', forward: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const flag = await peer.waitFor((item) => item.type === 'Flag', 'the Flag');
    expect(flag.json.actor).toBe(`https://${SIPLOG}/ap/users/instance`);
    const objects = [flag.json.object].flat();
    expect(objects[0]).toBe(peer.actorUri.href);
    expect(objects[1]).toMatch(new RegExp(`^https://${PEER}/`));
    expect(flag.json.content).toBe('Selling followers');
    expect(JSON.stringify(flag.json)).not.toContain('sam_safe');

    const [listed] = await openReports();
    expect(listed).toMatchObject({ kind: 'remote_comment', target_id: String(replyId), reporter_username: 'sam_safe', remote_server: PEER, forwarded: true, owner_username: `ann@${PEER}`, owner_email: '' });
    expect(listed.content).toMatchObject({ kind: 'remote_comment', handle: `ann@${PEER}`, server: PEER, comment: 'Buy my followers!' });
  });

  it('reports a person elsewhere by handle without sending it on; forward is refused for people here', async () => {
    const sent = await report(sam, { kind: 'remote_user', target_id: `ann@${PEER}`, reason: 'harassment' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const listed = (await openReports()).find((item) => item.kind === 'remote_user')!;
    expect(listed).toMatchObject({ remote_server: PEER, content: { kind: 'remote_user', handle: `ann@${PEER}`, name: 'Ann Peer' } });
    expect(listed.forwarded).toBeUndefined();
    expect(flags()).toHaveLength(1);
    expect((await report(sam, { kind: 'remote_user', target_id: `nobody@${PEER}`, reason: 'spam' })).status).toBe(404);
    const local = await report(sam, { kind: 'user', target_id: 'maya_safe', reason: 'spam', forward: true });
    expect(local.body).toMatchObject({ status: 400, msg: SAFETY_MESSAGES.forwardOnlyElsewhere });
  });

  it("lets the admin remove the reply here (never suspend someone elsewhere) and closes its reports", async () => {
    const listed = (await openReports()).find((item) => item.kind === 'remote_comment')!;
    const suspend = await app.post('/api/admin/resolvereport', { report_id: listed.report_id, action: 'suspend', reason: 'spam' }, boss.auth);
    expect(suspend.body).toMatchObject({ status: 400, msg: SAFETY_MESSAGES.remoteCannotSuspend });
    const person = (await openReports()).find((item) => item.kind === 'remote_user')!;
    expect((await app.post('/api/admin/resolvereport', { report_id: person.report_id, action: 'remove' }, boss.auth)).body.msg).toBe(SAFETY_MESSAGES.remoteNothingToRemove);
    expect((await app.post('/api/admin/resolvereport', { report_id: listed.report_id, action: 'remove' }, boss.auth)).status).toBe(200);
    expect(await comments()).toEqual([]);
    expect((await app.post('/api/admin/resolvereport', { report_id: person.report_id, action: 'dismiss' }, boss.auth)).status).toBe(200);
    expect(await openReports()).toEqual([]);
  });

  it("takes in Mastodon's Flag as a report from that server about the review, once per Flag", async () => {
    const flag = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `https://${PEER}/flags/1`,
      type: 'Flag',
      actor: peer.actorUri.href,
      content: `<p>Spam review ${'x'.repeat(700)}</p>`,
      object: [mayaUri, `https://${SIPLOG}/ap/reviews/${postId}`],
    };
    expect((await peer.postSigned(INBOX, flag)).status).toBe(202);
    await until(async () => (await openReports()).length === 1, 'the report from elsewhere');
    const [listed] = await openReports();
    expect(listed).toMatchObject({ kind: 'post', target_id: String(postId), reporter_username: null, from_server: PEER, owner_username: 'maya_safe' });
    expect(listed.note.startsWith('Spam review x')).toBe(true);
    expect(listed.note.length).toBeLessThanOrEqual(500);
    // The same Flag again (a new delivery of it): still one report.
    expect((await peer.postSigned(INBOX, { ...flag, content: 'again' })).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await openReports()).toHaveLength(1);

    // A Flag naming only the person: a report about their profile.
    expect((await peer.postSigned(INBOX, { ...flag, id: `https://${PEER}/flags/2`, object: mayaUri, content: 'Rude' })).status).toBe(202);
    await until(async () => (await openReports()).length === 2, 'the report about maya');
    expect((await openReports())[0]).toMatchObject({ kind: 'user', target_id: 'maya_safe', from_server: PEER, note: 'Rude' });
  });

  it("drops a silenced server's Flags", async () => {
    expect((await app.post('/api/admin/federation/domains', { host: PEER, policy: 'silence' }, boss.auth)).status).toBe(200);
    const before = (await openReports()).length;
    expect((await peer.postSigned(INBOX, { '@context': 'https://www.w3.org/ns/activitystreams', id: `https://${PEER}/flags/3`, type: 'Flag', actor: peer.actorUri.href, object: [mayaUri], content: 'x' })).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await openReports()).toHaveLength(before);
    expect((await fetch(`${app.baseUrl}/api/admin/federation/domains/${PEER}`, { method: 'DELETE', headers: boss.auth })).status).toBe(200);
  });

  it('blocks someone elsewhere: their follow ends with a Reject, ours with an Undo, their replies and likes are hidden from the blocker', async () => {
    // maya follows ann too, and ann replies again (the admin removed the first reply).
    const found = await app.post('/api/federation/lookup', { handle: `@ann@${PEER}` }, maya.auth);
    await app.post('/api/federation/follow', { remote_actor_id: found.body.person.remote_actor_id }, maya.auth);
    const mayaFollow = await peer.waitFor((item) => item.type === 'Follow' && item.json.actor === mayaUri, "maya's Follow");
    await peer.answerFollow(mayaFollow, true);
    await peer.reply(`https://${SIPLOG}/ap/reviews/${postId}`, '<p>Still here</p>');
    await until(async () => (await comments()).length === 1, 'the second reply');

    const blocked = await app.post('/api/user/blockremote', { handle: `@ann@${PEER}` }, maya.auth);
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    const reject = await peer.waitFor((item) => item.type === 'Reject' && item.json.actor === mayaUri, 'the Reject of her Follow');
    expect(reject.json.object.actor ?? reject.json.object).toBeTruthy();
    const undo = await peer.waitFor((item) => item.type === 'Undo' && item.json.actor === mayaUri, 'the Undo of our Follow');
    expect(undo.json.object.id ?? undo.json.object).toBe(mayaFollow.json.id);
    const followers = (await (await fetch(`${mayaUri}/followers`, { headers: AP })).json()) as { totalItems: number };
    expect(followers.totalItems).toBe(0);

    // Hidden from maya only: guests and sam still see the reply.
    expect(await comments(maya)).toEqual([]);
    expect(await comments()).toHaveLength(1);
    expect(await comments(sam)).toHaveLength(1);
    const lookup = await app.post('/api/federation/lookup', { handle: `@ann@${PEER}` }, maya.auth);
    expect(lookup.body.person).toMatchObject({ following: 'none', blocked: true });
    expect((await app.post('/api/federation/follow', { remote_actor_id: lookup.body.person.remote_actor_id }, maya.auth)).body.msg).toBe(SAFETY_MESSAGES.remoteBlockedFollow);

    // A like from ann tells maya nothing.
    const bell = async () => ((await app.post('/api/notification/list', { limit: 20 }, maya.auth)).body as { notifications: Array<{ actor_username: string }> }).notifications;
    expect((await bell()).filter((line) => line.actor_username === `ann@${PEER}`)).toEqual([]);
    await peer.like(`https://${SIPLOG}/ap/reviews/${postId}`);
    await until(async () => (await app.post('/api/post/loadpost', { postid: postId })).body.post.likes === 1, 'the like to count');
    expect((await bell()).filter((line) => line.actor_username === `ann@${PEER}`)).toEqual([]);

    // Her block list shows ann, marked with her server.
    expect((await app.post('/api/user/blockedusers', {}, maya.auth)).body).toMatchObject({ users: [], remote: [{ handle: `ann@${PEER}`, server: PEER }] });
  });

  it("refuses their next Follow with a Reject; an unblock restores nothing", async () => {
    const rejectsBefore = peer.received.filter((item) => item.type === 'Reject').length;
    await peer.follow(`@maya_safe@${SIPLOG}`);
    await until(async () => peer.received.filter((item) => item.type === 'Reject').length > rejectsBefore, 'the Reject of the new Follow');
    const followers = (await (await fetch(`${mayaUri}/followers`, { headers: AP })).json()) as { totalItems: number };
    expect(followers.totalItems).toBe(0);

    expect((await app.post('/api/user/unblockremote', { handle: `ann@${PEER}` }, maya.auth)).status).toBe(200);
    expect((await app.post('/api/user/blockedusers', {}, maya.auth)).body.remote).toEqual([]);
    const lookup = await app.post('/api/federation/lookup', { handle: `@ann@${PEER}` }, maya.auth);
    expect(lookup.body.person).toMatchObject({ following: 'none', blocked: false });
    expect(await comments(maya)).toHaveLength(1);
    expect((await app.post('/api/user/blockremote', { handle: `nobody@${PEER}` }, maya.auth)).body).toMatchObject({ status: 404, msg: SAFETY_MESSAGES.remoteBlockNotFound });
    expect((await app.post('/api/user/blockremote', { handle: 'not a handle' }, maya.auth)).status).toBe(400);
  });
});
