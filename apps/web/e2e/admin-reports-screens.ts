/**
 * Screenshots of the admin Reports panel (issue 17) at 1280 and 375 px: `npx tsx e2e/admin-reports-screens.ts [out-dir]`
 * (build the API and the web app first). Seeds reports on a review with photos, a comment and a profile, closes a few
 * through the API (dismissed, removed, suspended), then shoots the open list, the Suspend confirm with its reason, the
 * closed list and FR Users with a suspended person. Files are named shots-reports-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '@siplog/db/dist/schema/sqlite';
import { makePng, postJson, registerPerson, screenPerson, seedPosts, storePhotos, withDatabase, type Session } from './fixtures';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshotTaker, signInContext, startApp } from './harness';

const outDir = path.resolve(process.argv[2] ?? '/tmp');
fs.mkdirSync(outDir, { recursive: true });
const ADMIN_PATH = 'ops-screens';

const DANA = screenPerson('danareyes', 'Dana', 'Reyes');
const PEOPLE = [screenPerson('annlee', 'Ann', 'Lee'), screenPerson('benortiz', 'Ben', 'Ortiz'), screenPerson('carladiaz', 'Carla', 'Diaz'), screenPerson('maya_sips', 'Maya', 'Park')];

const app = await startApp({ ADMIN_EMAILS: DANA.email, ADMIN_PATH });
const browser = await launchBrowser();
try {
  const dana = await registerPerson(app.baseUrl, app.dataDir, DANA);
  const [ann, ben, carla, maya] = await Promise.all(PEOPLE.map((who) => registerPerson(app.baseUrl, app.dataDir, who)));

  const ok = async (call: Promise<{ status: number; json: any }>) => {
    const answer = await call;
    if (answer.status !== 200) throw new Error(`setup call failed: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  };
  const report = (by: Session, kind: string, target_id: string | number, reason: string, note?: string) =>
    ok(postJson(app.baseUrl, '/api/report/add', { kind, target_id, reason, ...(note ? { note } : {}) }, by.token));

  // Maya gets a profile picture through the real upload, and a bio worth reporting.
  const form = new FormData();
  form.append('data', JSON.stringify({ email: maya.email, filetype: 'image' }));
  form.append('file', new Blob([new Uint8Array(await makePng(256, [60, 110, 90]))], { type: 'image/png' }), 'maya.png');
  await fetch(`${app.baseUrl}/api/user/uploadprofileimages`, { method: 'POST', headers: { Authorization: `Bearer ${maya.token}` }, body: form });
  await withDatabase(app.dataDir, (db) =>
    db.update(users).set({ bio: 'Cheap followers and five-star reviews for your café: DM me.', currentFavOrder: 'Whatever pays' }).where(eq(users.email, maya.email)).run(),
  );

  const photos = await storePhotos(app.dataDir, 4);
  const [reported, commentedOn, dismissed, removed] = await seedPosts(app.dataDir, ann.username, [
    { order: 'Brown sugar boba, 50% sweet', review: 'Visit my shop link for the real deal, best boba in town!!!', rating: 5, place: { name: 'Tapioca House', city: 'Chicago' }, images: photos.slice(0, 2), minutesAgo: 90 },
    { order: 'Oat cortado', review: 'Balanced and silky, the barista knew her stuff.', rating: 5, place: { name: 'Dark Matter Coffee', city: 'Chicago' }, images: [photos[2]], minutesAgo: 300 },
    { order: 'Cold brew', review: 'Chocolatey.', rating: 4, place: { name: 'Metric Coffee', city: 'Chicago' }, minutesAgo: 900 },
    { order: 'Matcha latte', review: 'Too sweet, would not go back.', rating: 2, place: { name: 'Sawada Coffee', city: 'Chicago' }, images: [photos[3]], minutesAgo: 1200 },
  ]);
  const comment = await ok(postJson(app.baseUrl, '/api/post/addcomment', { postid: commentedOn, email: ben.email, comment: 'Nobody asked. Delete your account.' }, ben.token));

  await report(ben, 'post', reported, 'spam', 'Every review of hers links to the same shop.');
  await report(carla, 'post', reported, 'off_topic');
  await report(carla, 'comment', comment.comment.comment_id, 'harassment', 'Rude to the reviewer, and not the first time.');
  await report(ben, 'user', maya.username, 'spam', 'Selling followers in the bio.');
  await report(carla, 'post', dismissed, 'other', 'Says cold brew is chocolatey: it is not.');
  await report(ben, 'post', removed, 'inappropriate', 'The photo shows a stranger’s face.');

  // The closed list: one dismissed, one removed, and a person suspended (she is the FR Users example).
  const open: { reports: { report_id: number; target_id: string }[] } = await ok(postJson(app.baseUrl, '/api/admin/reports', { status: 'open' }, dana.token));
  const idOn = (target: number) => open.reports.find((item) => item.target_id === String(target))!.report_id;
  await ok(postJson(app.baseUrl, '/api/admin/resolvereport', { report_id: idOn(dismissed), action: 'dismiss' }, dana.token));
  await ok(postJson(app.baseUrl, '/api/admin/resolvereport', { report_id: idOn(removed), action: 'remove' }, dana.token));
  const [spam] = await seedPosts(app.dataDir, carla.username, [
    { order: 'Espresso', review: 'Follow me for free drinks!!!', rating: 5, place: { name: 'Metric Coffee', city: 'Chicago' }, minutesAgo: 60 },
  ]);
  await report(ben, 'post', spam, 'spam');
  const again: typeof open = await ok(postJson(app.baseUrl, '/api/admin/reports', { status: 'open' }, dana.token));
  const spamReport = again.reports.find((item) => item.target_id === String(spam))!.report_id;
  await ok(postJson(app.baseUrl, '/api/admin/resolvereport', { report_id: spamReport, action: 'suspend', reason: 'Posts the same ad on every place page.' }, dana.token));

  const shoot = screenshotTaker(outDir, { settleMs: 300 });
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const { context, page } = await openPage(browser, app.baseUrl, viewport);
    await signInContext(context, dana);
    await page.goto(`/admin/${ADMIN_PATH}`);
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'FR Users' }).click();
    await page.getByRole('button', { name: /^Reports/ }).click();
    const panel = page.getByRole('region', { name: 'Reports' });
    await panel.getByRole('article').first().waitFor();
    await shoot(page, `shots-reports-${label}-open`, true);

    await panel.getByRole('article').first().getByRole('button', { name: 'Suspend account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await dialog.getByRole('alert').waitFor();
    await shoot(page, `shots-reports-${label}-suspend-empty`);
    await dialog.getByLabel('Reason for the suspension').fill('Posts the same shop link in every review.');
    await shoot(page, `shots-reports-${label}-suspend-confirm`);
    await dialog.getByRole('button', { name: 'No' }).click();

    await panel.getByRole('article').nth(1).getByRole('button', { name: 'Remove comment' }).click();
    await shoot(page, `shots-reports-${label}-remove-confirm`);
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();

    await panel.getByRole('button', { name: 'Closed' }).click();
    await panel.getByRole('article').first().waitFor();
    await shoot(page, `shots-reports-${label}-closed`, true);

    await page.getByRole('button', { name: /^Reports/ }).click();
    await page.getByRole('button', { name: 'FR Users' }).click();
    await page.getByLabel('User', { exact: true }).selectOption(carla.email);
    await page.getByText('Suspended', { exact: true }).waitFor();
    await shoot(page, `shots-reports-${label}-users-suspended`, true);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await shoot(page, `shots-reports-${label}-delete-confirm`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
