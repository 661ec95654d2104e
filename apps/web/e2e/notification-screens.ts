/**
 * Screenshots of notifications at 1280 and 375 px: `npx tsx e2e/notification-screens.ts [out-dir]` (build the API and
 * the web app first). Registers Ann and five people who follow her, like, comment on, reply after and mention her
 * reviews, then shoots the header's bell, /notifications (grouped, some new), My Log's e-mail choices and the
 * unsubscribe page. Files are named shots-notif-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gt, inArray, isNull } from 'drizzle-orm';
import { NOTIFICATION_EMAIL_LABELS } from '@siplog/contracts';
import { notifications } from '@siplog/db/dist/schema/sqlite';
import { DARK_MATTER, postJson, registerPerson, SCREENSHOT_PERSON, seedPlace, seedPosts, unsubscribePathFromMail, withDatabase, type Person, type Session } from './fixtures';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshotTaker, signInContext, startApp } from './harness';

const outDir = path.resolve(process.argv[2] ?? '/tmp');
fs.mkdirSync(outDir, { recursive: true });

const person = (username: string, firstname: string, lastname: string): Person => ({
  email: `${username.replace(/[._]/g, '')}@example.com`,
  firstname,
  lastname,
  username,
  password: 'Secret123',
});
const PEOPLE = [
  person('maya_sips', 'Maya', 'Reyes'),
  person('jon.brews', 'Jon', 'Park'),
  person('priya_t', 'Priya', 'Tran'),
  person('leo_latte', 'Leo', 'Berg'),
  person('sam.k', 'Sam', 'Kim'),
];

const app = await startApp();
const browser = await launchBrowser();
try {
  const ann = await registerPerson(app.baseUrl, app.dataDir, SCREENSHOT_PERSON);
  const [maya, jon, priya, leo, sam] = await Promise.all(PEOPLE.map((who) => registerPerson(app.baseUrl, app.dataDir, who)));
  await seedPlace(app.dataDir, DARK_MATTER);
  const [darkMatterReview, metricReview] = await seedPosts(app.dataDir, ann.username, [
    { order: 'Oat cortado', review: 'Balanced and silky.', rating: 5, place: { name: DARK_MATTER.name, city: 'Chicago' }, minutesAgo: 600 },
    { order: 'Cold brew', review: 'Chocolatey.', rating: 4, place: { name: 'Metric Coffee', city: 'Chicago' }, minutesAgo: 900 },
  ]);
  const [mayaReview] = await seedPosts(app.dataDir, maya.username, [
    { order: 'Honey lavender latte', review: 'Floral, not soapy.', rating: 4, place: { name: 'Sawada Coffee', city: 'Chicago' }, minutesAgo: 700 },
  ]);

  const ok = async (call: Promise<{ status: number; json: unknown }>) => {
    const answer = await call;
    if (answer.status !== 200) throw new Error(`setup call failed: ${answer.status} ${JSON.stringify(answer.json)}`);
  };
  const like = (who: Session, postid: number) => ok(postJson(app.baseUrl, '/api/post/likepost', { postid, email: who.email }, who.token));
  const comment = (who: Session, postid: number, text: string) =>
    ok(postJson(app.baseUrl, '/api/post/addcomment', { postid, email: who.email, comment: text }, who.token));
  const follow = (who: Session, target: Session) => ok(postJson(app.baseUrl, '/api/user/followuser', { targetusername: target.username }, who.token));
  /** Dates the notifications made since the last call `minutesAgo` (ids and times keep the same order). */
  let datedUpTo = 0;
  const happened = (minutesAgo: number) =>
    withDatabase(app.dataDir, (db) => {
      const at = new Date(Date.now() - minutesAgo * 60_000);
      const rows = db.update(notifications).set({ createdAt: at }).where(gt(notifications.id, datedUpTo)).returning({ id: notifications.id }).all();
      datedUpTo = Math.max(datedUpTo, ...rows.map((row) => row.id));
    });

  await follow(maya, ann);
  await happened(3 * 24 * 60);
  for (const who of [jon, priya, leo, maya]) await like(who, darkMatterReview);
  await happened(26 * 60);
  await comment(priya, darkMatterReview, 'That crema looks unreal. Going there Saturday!');
  await happened(5 * 60);
  await ok(postJson(app.baseUrl, '/api/notification/markread', { all: true }, ann.token));
  await comment(ann, mayaReview, 'Adding this to my list.');
  await comment(leo, mayaReview, 'Same, the lavender is subtle.');
  await happened(95);
  await comment(jon, metricReview, '@annlee you have to try their nitro next time');
  await happened(12);
  await follow(sam, ann);
  await follow(leo, ann);
  await happened(4);

  // Before anything is read on the site: the e-mail of what waited carries the unsubscribe links.
  const unsubscribePath = await unsubscribePathFromMail(app.dataDir, ann.email, NOTIFICATION_EMAIL_LABELS.comment);

  // Each width shows the same new ones: what the first visit marked read is unread again for the next.
  const unreadIds = (await withDatabase(app.dataDir, (db) => db.select({ id: notifications.id }).from(notifications).where(isNull(notifications.readAt)).all())).map((row) => row.id);
  const unreadAgain = () => withDatabase(app.dataDir, (db) => db.update(notifications).set({ readAt: null }).where(inArray(notifications.id, unreadIds)).run());

  const shoot = screenshotTaker(outDir, { settleMs: 300 });
  for (const [label, viewport] of [['1280', DESKTOP], ['375', PHONE]] as const) {
    await unreadAgain();
    const { context, page } = await openPage(browser, app.baseUrl, viewport);
    await signInContext(context, ann);
    await page.goto('/terms-of-service');
    await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).waitFor();
    await page.setViewportSize({ width: viewport.width, height: 160 });
    await shoot(page, `shots-notif-header-${label}`);
    await page.setViewportSize(viewport);

    await page.goto('/notifications');
    await page.getByRole('list', { name: 'Notifications' }).waitFor();
    await shoot(page, `shots-notif-page-${label}`, true);

    await page.goto('/mylog#email-settings');
    const choices = page.getByRole('group', { name: 'E-mail me when…' });
    await choices.getByRole('checkbox').first().waitFor();
    await choices.getByRole('checkbox', { name: NOTIFICATION_EMAIL_LABELS.like }).click();
    await choices.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await shoot(page, `shots-notif-mylog-${label}`);
    await context.close();
  }

  const { page } = await openPage(browser, app.baseUrl, PHONE);
  await page.goto(unsubscribePath);
  await page.getByRole('button', { name: 'Subscribe again' }).waitFor();
  await shoot(page, 'shots-notif-unsubscribe-375');
  await page.goto('/unsubscribe/1.comment.not-a-real-link-at-all');
  await page.getByRole('alert').waitFor();
  await shoot(page, 'shots-notif-unsubscribe-bad-375');
} finally {
  await browser.close();
  await app.stop();
}
