/**
 * Screenshots of Report and Block (issue 17) at 1280 and 375 px: `npx tsx e2e/safety-screens.ts [out-dir]` (build the
 * API and the web app first). Shoots the '…' menu open on a profile, a review and a comment, the Report dialog with a reason and
 * a note, a refusal, the thanks, the Block confirm, Blocked people in My Log's edit mode and a reviewed report on
 * /notifications. Files are named shots-safety-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPORT_REASON_LABELS } from '@siplog/contracts';
import { makePng, postJson, registerPerson, screenPerson, seedPosts, storePhotos } from './fixtures';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshotTaker, signInContext, startApp } from './harness';

const outDir = path.resolve(process.argv[2] ?? '/tmp');
fs.mkdirSync(outDir, { recursive: true });

const DANA = screenPerson('danareyes', 'Dana', 'Reyes');
const ANN = screenPerson('annlee', 'Ann', 'Lee');
const BEN = screenPerson('benortiz', 'Ben', 'Ortiz');
const MAYA = screenPerson('maya_sips', 'Maya', 'Park');
const CARLA = screenPerson('carladiaz', 'Carla', 'Diaz');

const app = await startApp({ ADMIN_EMAILS: DANA.email, ADMIN_PATH: 'ops-safety-screens' });
const browser = await launchBrowser();
try {
  const dana = await registerPerson(app.baseUrl, app.dataDir, DANA);
  const [ann, ben, maya, carla] = await Promise.all([ANN, BEN, MAYA, CARLA].map((who) => registerPerson(app.baseUrl, app.dataDir, who)));
  const ok = async (call: Promise<{ status: number; json: any }>) => {
    const answer = await call;
    if (answer.status !== 200) throw new Error(`setup call failed: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  };
  const form = new FormData();
  form.append('data', JSON.stringify({ email: ben.email, filetype: 'image' }));
  form.append('file', new Blob([new Uint8Array(await makePng(256, [60, 110, 90]))], { type: 'image/png' }), 'ben.png');
  await fetch(`${app.baseUrl}/api/user/uploadprofileimages`, { method: 'POST', headers: { Authorization: `Bearer ${ben.token}` }, body: form });

  const photos = await storePhotos(app.dataDir, 2);
  const [benReview] = await seedPosts(app.dataDir, BEN.username, [
    { order: 'Brown sugar boba, 50% sweet', review: 'Visit my shop link for the real deal!!!', rating: 5, place: { name: 'Tapioca House', city: 'Chicago' }, images: photos, minutesAgo: 30 },
  ]);
  await ok(postJson(app.baseUrl, '/api/post/addcomment', { postid: benReview, email: maya.email, comment: 'Looks great, which shop?' }, maya.token));
  await ok(postJson(app.baseUrl, '/api/post/addcomment', { postid: benReview, email: ben.email, comment: 'DM me for the link, first order free!' }, ben.token));
  // Ann has blocked two people already, and one of her reports was reviewed.
  await ok(postJson(app.baseUrl, '/api/user/blockuser', { targetusername: maya.username }, ann.token));
  await ok(postJson(app.baseUrl, '/api/user/blockuser', { targetusername: carla.username }, ann.token));
  const [spam] = await seedPosts(app.dataDir, CARLA.username, [{ order: 'Espresso', review: 'Follow me!!!', rating: 5, place: { name: 'Metric Coffee', city: 'Chicago' }, minutesAgo: 60 }]);
  await ok(postJson(app.baseUrl, '/api/report/add', { kind: 'post', target_id: spam, reason: 'spam' }, ann.token));
  const open = await ok(postJson(app.baseUrl, '/api/admin/reports', { status: 'open' }, dana.token));
  await ok(postJson(app.baseUrl, '/api/admin/resolvereport', { report_id: open.reports[0].report_id, action: 'dismiss' }, dana.token));

  const shoot = screenshotTaker(outDir, { settleMs: 300 });
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const { context, page } = await openPage(browser, app.baseUrl, viewport);
    await signInContext(context, ann);

    await page.goto(`/user/${BEN.username}`);
    await page.getByRole('button', { name: 'More actions for @benortiz' }).click();
    await page.getByRole('menu').waitFor();
    await shoot(page, `shots-safety-${label}-profile-menu`);

    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report @benortiz' });
    await dialog.waitFor();
    await shoot(page, `shots-safety-${label}-report-empty`);
    await dialog.getByRole('radio', { name: REPORT_REASON_LABELS.spam }).check();
    await dialog.getByRole('textbox').fill('Every review of his links to the same shop, and the bio sells followers.');
    await shoot(page, `shots-safety-${label}-report-filled`);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('status').waitFor();
    await shoot(page, `shots-safety-${label}-report-thanks`);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await page.getByRole('button', { name: 'More actions for @benortiz' }).click();
    await page.getByRole('menuitem', { name: 'Block' }).click();
    await page.getByRole('dialog', { name: 'Block @benortiz?' }).waitFor();
    await shoot(page, `shots-safety-${label}-block-confirm`);
    await page.getByRole('dialog', { name: 'Block @benortiz?' }).getByRole('button', { name: 'No', exact: true }).click();

    await page.goto(`/post/${benReview}`);
    await page.getByRole('button', { name: 'More actions for this review' }).click();
    await page.getByRole('menu').waitFor();
    await shoot(page, `shots-safety-${label}-post-menu`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'More actions for the comment by @benortiz' }).click();
    await page.getByRole('menu').waitFor();
    await shoot(page, `shots-safety-${label}-comment-menu`);
    await page.keyboard.press('Escape');
    // Ann's own report of this review again: the API refuses a second open report from her, shown in the dialog.
    await page.getByRole('button', { name: 'More actions for this review' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const again = page.getByRole('dialog', { name: 'Report this review' });
    await again.getByRole('radio', { name: REPORT_REASON_LABELS.off_topic }).check();
    await again.getByRole('textbox').fill('Not about the drink at all.');
    await page.route('**/trpc/report.add**', (route) => route.fulfill({ status: 503, body: 'down' }));
    await again.getByRole('button', { name: 'Send report' }).click();
    await again.getByRole('alert').waitFor();
    await shoot(page, `shots-safety-${label}-report-error`);
    await page.unroute('**/trpc/report.add**');
    await again.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/mylog');
    await page.getByRole('button', { name: 'edit' }).click();
    await page.getByText('Blocked people', { exact: true }).click();
    const list = page.getByRole('list', { name: 'Blocked people' });
    await list.getByText('@maya_sips').waitFor();
    await list.scrollIntoViewIfNeeded();
    await shoot(page, `shots-safety-${label}-blocked-people`);

    await page.goto('/notifications');
    await page.getByText('Your report was reviewed').waitFor();
    await shoot(page, `shots-safety-${label}-notification`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
