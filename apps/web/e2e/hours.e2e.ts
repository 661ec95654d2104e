import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANN, BEN, makePng, registerPerson, trpcQuery, type SeedPlace, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, screenshotTaker, signInContext, startApp, type RunningApp } from './harness';
import { LOOP_PLACES, seedPlaces } from './map-fixtures';

/** The screenshot tools' folder (screenshots.ts); HOURS_SHOTS overrides it. */
const shotsDir = process.env.HOURS_SHOTS ?? path.join(os.tmpdir(), 'siplog-screens');
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** The Loop's places lie in Chicago: their hours are Chicago's local time, whatever the browser's zone. */
const PLACE_ZONE = 'America/Chicago';
/** Pearl & Boba lies nearest the map's opening centre: a phone's first view holds it, and the place beside it. */
const [, EDITED_PLACE, WORKING_PLACE] = LOOP_PLACES;
const PLAIN_PLACE: SeedPlace = { name: 'Canal Street Coffee', street: '10 S Canal St', city: 'Chicago', state: 'IL', zip: '60606', country: 'US', lat: 41.8835, lng: -87.6372 };

/** Today in the places' zone, as the weekly editor names it ('Wednesday'), and the minutes since its midnight. */
function placeToday(): { weekday: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: PLACE_ZONE, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return { weekday: part('weekday'), minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** Open today 00:00–23:59: 'Open · closes 11:59 PM', or within its last hour 'Closes soon · 11:59 PM'. */
function expectedTodayStatus(): RegExp {
  return placeToday().minutes >= 22 * 60 + 59 ? /^Closes soon · 11:59 PM$/ : /^Open · closes 11:59 PM$/;
}

/** A tRPC mutation over plain HTTP, as the web app sends it. */
async function trpcMutation(baseUrl: string, procedure: string, input: unknown, token: string): Promise<{ status: number; json: any }> {
  const response = await fetch(`${baseUrl}/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(input),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

/** A review through the REST API (as Quick Post sends it) with amenity answers. */
async function reviewWithAmenities(baseUrl: string, author: Session, establishmentId: number, amenities: Record<string, boolean>): Promise<void> {
  const place = (await trpcQuery(baseUrl, 'place.byId', { establishment_id: establishmentId })).json.result.data.establishment;
  const form = new FormData();
  form.append('file1', new Blob([new Uint8Array(await makePng(160))], { type: 'image/png' }), 'photo.png');
  form.append('data', JSON.stringify({ place_id: place.place_id, establishment_name: place.name, order: 'Flat white', review: 'Good desk spot.', rating: 4, amenities }));
  const response = await fetch(`${baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: { Authorization: `Bearer ${author.token}` }, body: form });
  expect(response.status, await response.clone().text()).toBe(200);
}

const placesListed = (page: Page) => page.locator('.places-list__name').allTextContents();
const listItem = (page: Page, name: string) => page.locator('.places-list__item', { hasText: name });
const popupCard = (page: Page) => page.locator('.place-popup');
const hoursSection = (page: Page) => page.getByRole('region', { name: 'Opening hours' });
const hoursStatusText = (page: Page) => hoursSection(page).locator('.place-hours__status').innerText();

describe('opening hours and the Open now / Good for working filters (issue 31)', () => {
  let app: RunningApp;
  let browser: Browser;
  let ann: Session;
  let ben: Session;
  const ids: Record<string, number> = {};
  const contexts = new OpenedContexts();
  const shoot = screenshotTaker(shotsDir, { settleMs: 400 });

  async function pageAs(session: Session | null, viewport = DESKTOP): Promise<Page> {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    return page;
  }

  async function openHome(page: Page, query = '') {
    await page.goto(`/${query}`);
    await page.locator('.map-view__loading').waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    ben = await registerPerson(app.baseUrl, app.dataDir, BEN);
    const all = [...LOOP_PLACES, PLAIN_PLACE];
    (await seedPlaces(app.dataDir, all)).forEach((id, index) => (ids[all[index].name] = id));
    // One place open around the clock with Wi-Fi and outlets confirmed; the others have neither hours nor answers.
    const set = await trpcMutation(app.baseUrl, 'place.setHours', { establishment_id: ids[WORKING_PLACE.name], opening_hours: '24/7' }, ben.token);
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    await reviewWithAmenities(app.baseUrl, ben, ids[WORKING_PLACE.name], { wifi: true, outlets: true, laptop_friendly: true });
    await reviewWithAmenities(app.baseUrl, ann, ids[PLAIN_PLACE.name], { wifi: false });
  });
  afterEach(() => contexts.closeAll());
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows a place open around the clock on its page, with the week and who set it', async () => {
    const page = await pageAs(null);
    await page.goto(`/view/${ids[WORKING_PLACE.name]}`);
    await eventually(() => hoursStatusText(page)).toBe('Open 24 hours');
    const today = hoursSection(page).locator('tr[aria-current="date"]');
    expect(await today.innerText()).toMatch(new RegExp(`^${placeToday().weekday}\\s*Today\\s+Open 24 hours$`));
    expect(await hoursSection(page).locator('tbody tr').count()).toBe(7);
    expect(await hoursSection(page).locator('.place-hours__meta').innerText()).toMatch(/^Updated by @benortiz · (just now|\d+ min ago)/);
    // A guest is sent to log in to edit; the history is public.
    expect(await hoursSection(page).getByRole('link', { name: 'Log in to edit hours' }).getAttribute('href')).toBe('/login');
    await expectAccessible(page, 'place page with hours');
    await shoot(page, 'desktop_place-open-24-hours', true);
    const phone = await pageAs(null, PHONE);
    await phone.goto(`/view/${ids[WORKING_PLACE.name]}`);
    await eventually(() => hoursStatusText(phone)).toBe('Open 24 hours');
    await shoot(phone, 'phone_place-open-24-hours', true);
  });

  it('edits hours with the weekly editor and shows the status on the place page and the map card', async () => {
    const { weekday } = placeToday();
    for (const viewport of [DESKTOP, PHONE]) {
      const label = viewport === DESKTOP ? 'desktop' : 'phone';
      const page = await pageAs(ann, viewport);
      await page.goto(`/view/${ids[EDITED_PLACE.name]}`);
      await hoursSection(page).waitFor();
      if (viewport === DESKTOP) {
        expect(await hoursSection(page).innerText()).toContain('No opening hours yet.');
        await hoursSection(page).getByRole('button', { name: 'Add hours' }).click();
      } else {
        await hoursSection(page).getByRole('button', { name: 'Edit hours' }).click();
      }
      const editor = page.getByRole('dialog', { name: /opening hours/ });
      await editor.waitFor();
      const day = editor.getByRole('group', { name: weekday, exact: true });
      const open = day.getByRole('checkbox', { name: `Open on ${weekday}` });
      if (!(await open.isChecked())) await open.check();
      await day.getByLabel(`${weekday} opens`, { exact: true }).fill('00:00');
      await day.getByLabel(`${weekday} closes`, { exact: true }).fill('23:59');
      await editor.getByRole('button', { name: 'Advanced' }).click();
      await eventually(() => editor.getByLabel(/Opening hours text/).inputValue()).toContain('00:00-23:59');
      await shoot(page, `${label}_hours-editor`);
      await expectAccessible(page, `hours editor (${label})`);
      await editor.getByRole('button', { name: 'Save hours' }).click();
      await editor.waitFor({ state: 'detached' });
      await eventually(() => hoursStatusText(page)).toMatch(expectedTodayStatus());
      expect(await hoursSection(page).locator('tr[aria-current="date"] td').innerText()).toBe('12 AM–11:59 PM');
      await shoot(page, `${label}_place-hours`, true);
      if (viewport === DESKTOP) {
        // Changed back to closed on that day, so the phone's run changes it again.
        await hoursSection(page).getByRole('button', { name: 'Edit hours' }).click();
        await editor.getByRole('group', { name: weekday, exact: true }).getByRole('checkbox', { name: `Open on ${weekday}` }).uncheck();
        await editor.getByRole('checkbox', { name: 'Closed on public holidays' }).check();
        await editor.getByRole('button', { name: 'Save hours' }).click();
        await editor.waitFor({ state: 'detached' });
        await eventually(() => hoursStatusText(page)).toMatch(/^Closed/);
      }
    }

    // The map card and the side list say the same.
    const page = await pageAs(null);
    await openHome(page);
    await eventually(() => listItem(page, EDITED_PLACE.name).locator('.hours-status').innerText()).toMatch(expectedTodayStatus());
    await listItem(page, EDITED_PLACE.name).click();
    await eventually(() => popupCard(page).locator('.hours-status').innerText()).toMatch(expectedTodayStatus());
    expect(await listItem(page, PLAIN_PLACE.name).locator('.place-status').count()).toBe(0);
    await shoot(page, 'desktop_map-card-hours');
  }, 150_000);

  it('says what is wrong with bad Advanced text, in the server’s words, and keeps the text', async () => {
    const page = await pageAs(ann);
    await page.goto(`/view/${ids[PLAIN_PLACE.name]}`);
    await hoursSection(page).getByRole('button', { name: 'Add hours' }).click();
    const editor = page.getByRole('dialog', { name: /opening hours/ });
    await editor.getByRole('button', { name: 'Advanced' }).click();
    const text = editor.getByLabel(/Opening hours text/);
    const bad = 'Mo-Fx 08:00-12:00';
    await text.fill(bad);
    // The grid can't show it: it is locked and says so.
    await editor.getByText("These hours use rules the weekly editor can't show; edit the text.").waitFor();
    expect(await editor.getByRole('checkbox', { name: 'Open on Monday' }).isDisabled()).toBe(true);
    await editor.getByRole('button', { name: 'Save hours' }).click();
    const alert = editor.getByRole('alert');
    await eventually(() => alert.innerText()).toMatch(/^These opening hours can't be read: /);
    expect(await text.inputValue()).toBe(bad);
    await shoot(page, 'desktop_hours-editor-error');
    // Emptied, the text leaves the grid free again; a bad grid is stopped before sending.
    await text.fill('');
    const monday = editor.getByRole('group', { name: 'Monday', exact: true });
    await monday.getByRole('checkbox', { name: 'Open on Monday' }).check();
    await monday.getByLabel('Monday closes', { exact: true }).fill('09:00');
    expect(await text.inputValue()).toContain('Mo 09:00-09:00');
    await editor.getByRole('button', { name: 'Save hours' }).click();
    await eventually(() => alert.innerText()).toBe('A range must not start and end at the same time.');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    expect(await hoursSection(page).innerText()).toContain('No opening hours yet.');
  });

  it('lists the changes in the history, and the author reverts theirs', async () => {
    const page = await pageAs(ann);
    await page.goto(`/view/${ids[EDITED_PLACE.name]}`);
    await eventually(() => hoursStatusText(page)).toMatch(expectedTodayStatus());
    await hoursSection(page).getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of opening hours' });
    const items = history.locator('.hours-history__item');
    await eventually(() => items.count()).toBe(3);
    const newest = items.first();
    expect(await newest.innerText()).toContain('@annlee');
    expect(await newest.locator('.hours-history__text').last().innerText()).toContain('00:00-23:59');
    expect(await items.last().locator('.hours-history__none').innerText()).toBe('No hours');
    // Only the newest change can be reverted (the older ones changed since).
    expect(await history.getByRole('button', { name: 'Revert' }).count()).toBe(1);
    await shoot(page, 'desktop_hours-history');
    await expectAccessible(page, 'hours history');

    await newest.getByRole('button', { name: 'Revert' }).click();
    await eventually(() => items.count()).toBe(4);
    expect(await items.nth(1).locator('.place-pill.is-reverted').innerText()).toBe('Reverted');
    await history.getByRole('button', { name: 'Close' }).click();
    // Back to the desktop run's last hours: closed today.
    await eventually(() => hoursStatusText(page)).toMatch(/^Closed/);

    // Report opens the report dialog about that change.
    await hoursSection(page).getByRole('button', { name: 'History' }).click();
    await history.getByRole('button', { name: /^Report the change by/ }).first().click();
    await page.getByRole('dialog', { name: /^Report/ }).waitFor();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('narrows the pins and the list with Open now and Good for working (%s)', async (label, viewport) => {
    const page = await pageAs(null, viewport);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('place.inBounds')) asked.push(decodeURIComponent(request.url()));
    });
    await openHome(page);
    if (viewport === PHONE) await page.getByRole('button', { name: 'Activity', exact: true }).click();
    await eventually(() => placesListed(page).then((names) => names.includes(PLAIN_PLACE.name))).toBe(true);
    const filters = page.getByRole('group', { name: 'Filter places' });

    await filters.getByRole('button', { name: 'Open now' }).click();
    await page.waitForURL(/\?open=1$/);
    await eventually(() => placesListed(page).then((names) => names.includes(PLAIN_PLACE.name))).toBe(false);
    expect(await placesListed(page)).toContain(WORKING_PLACE.name);
    await eventually(() => asked.some((url) => url.includes('"open":true'))).toBe(true);

    await filters.getByRole('button', { name: 'Good for working' }).click();
    await page.waitForURL(/\?open=1&work=1$/);
    await eventually(() => placesListed(page)).toEqual([WORKING_PLACE.name]);
    await eventually(() => asked.some((url) => url.includes('"open":true') && url.includes('"working":true'))).toBe(true);
    expect(await listItem(page, WORKING_PLACE.name).innerText()).toMatch(/Open 24 hours[\s\S]*Good for working/);
    if (viewport === PHONE) await page.getByRole('button', { name: 'Close Activity' }).click();
    await shoot(page, `${label}_map-open-working`);

    await filters.getByRole('button', { name: 'Open now' }).click();
    await page.waitForURL(/\?work=1$/);
    if (viewport === PHONE) await page.getByRole('button', { name: 'Activity', exact: true }).click();
    await eventually(() => placesListed(page)).toEqual([WORKING_PLACE.name]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page, `map with Good for working (${label})`);
  });

  it('opens filtered from a shared link', async () => {
    const page = await pageAs(null);
    await openHome(page, '?open=1&work=1');
    const filters = page.getByRole('group', { name: 'Filter places' });
    expect(await filters.getByRole('button', { name: 'Open now' }).getAttribute('aria-pressed')).toBe('true');
    await eventually(() => placesListed(page)).toEqual([WORKING_PLACE.name]);
  });
});
