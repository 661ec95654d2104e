import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITY_BITS, HOURS_LIMITS, HOURS_MESSAGES, type OpenInterval } from '@siplog/contracts';
import { establishments, insertEstablishment, placeHoursIntervals } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { PlaceHoursService } from './place-hours.service';
import { PlaceHoursSweeper } from './place-hours.sweeper';

const ADMIN_EMAIL = 'hoursadmin@example.com';
const DAY = 86_400_000;
/** A box around central Chicago, and one around central Tokyo. */
const CHICAGO = { lat: 41.8837, lng: -87.6289 };
const TOKYO = { lat: 35.6812, lng: 139.7671 };
const boxAround = (point: { lat: number; lng: number }) => ({ west: point.lng - 0.05, south: point.lat - 0.05, east: point.lng + 0.05, north: point.lat + 0.05 });

/** The OSM day of the week it is now in a zone ('Mo' … 'Su'). */
function weekdayIn(zone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(new Date());
  return day.slice(0, 2);
}
/** Every day but today in that zone, all day: closed now there, open the rest of the week. */
const allWeekButToday = (zone: string) => `${['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].filter((day) => day !== weekdayIn(zone)).join(',')} 00:00-24:00`;

describe('opening hours (issue 31): setting, history, revert, reports, and the map filters', () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;
  let admin: TestAccount;
  let place: number;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    [ann, bob, admin] = [await registerAccount(app, 'annhours'), await registerAccount(app, 'bobhours'), await registerAccount(app, 'adminhours', { email: ADMIN_EMAIL })];
    place = await addPlace('Hours Test Coffee', CHICAGO);
  });
  afterAll(() => app.close());

  async function addPlace(name: string, point: { lat: number; lng: number }, country = 'US'): Promise<number> {
    const row = await insertEstablishment(app.data, { placeId: `test:${name}`, name, street: '', city: 'Somewhere', state: '', zip: '', country, lat: point.lat, lng: point.lng });
    return row.id;
  }
  const setHours = (who: TestAccount | null, establishmentId: number, text: unknown) =>
    app.post('/api/place/sethours', { establishment_id: establishmentId, opening_hours: text }, who?.auth ?? {});
  const history = async (establishmentId: number, who?: TestAccount) => (await app.post('/api/place/hourshistory', { establishment_id: establishmentId }, who?.auth ?? {})).body.changes;
  const revert = (who: TestAccount, changeId: number) => app.post('/api/place/reverthours', { change_id: changeId }, who.auth);
  const hoursOf = async (establishmentId: number) => (await app.post('/api/place/loadestablishment', { establishment_id: establishmentId })).body.establishment.hours;
  const pins = async (box: Record<string, unknown>) => (await app.post('/api/place/inbounds', box)).body.places as { establishment_id: number; hours: unknown; good_for_working: boolean }[];

  it('sets hours in the place’s own time zone, with their open intervals and who set them', async () => {
    const before = Date.now();
    const answer = await setHours(ann, place, 'Mo-Fr 07:00-18:00; Sa 08:00-14:00,15:00-17:00; Su off');
    expect(answer.status).toBe(200);
    const after = Date.now();
    const hours = answer.body.establishment.hours;
    expect(hours).toMatchObject({ opening_hours: 'Mo-Fr 07:00-18:00; Sa 08:00-14:00,15:00-17:00; Su off', time_zone: 'America/Chicago', changed_by: 'annhours' });
    expect(Date.parse(hours.changed_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(hours.until).toBeGreaterThanOrEqual(before + HOURS_LIMITS.windowDays * DAY - 1000);
    // Two weeks of six open days, the Saturday split: 2 × (5 + 2) = 14 intervals ahead, give or take the day behind.
    expect(hours.intervals.length).toBeGreaterThanOrEqual(13);
    for (const [index, [start, end]] of (hours.intervals as OpenInterval[]).entries()) {
      expect(end).toBeGreaterThan(start);
      // The first is cut at the window's start, a day before the set, when that moment fell in an open range.
      if (index === 0 && start >= before - DAY && start <= after - DAY) continue;
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Chicago', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start);
      expect(['07:00', '08:00', '15:00']).toContain(local);
    }
    expect(await hoursOf(place)).toEqual(hours);
  });

  it('refuses hours it cannot read with the library’s words, and keeps the hours as they were', async () => {
    const kept = await hoursOf(place);
    const bad = await setHours(ann, place, 'Mo-Fr 25:00-26:00');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^These opening hours can't be read: Mo-Fr 25:00 <--- /);
    expect((await setHours(ann, place, 'x'.repeat(HOURS_LIMITS.textMax + 1))).body.msg).toBe(HOURS_MESSAGES.tooLong);
    expect((await setHours(ann, place, 42)).status).toBe(400);
    expect((await setHours(ann, place, 'Mo-Fr 08:00-17:00\u0000')).status).toBe(400);
    expect((await setHours(ann, place, kept.opening_hours)).body.msg).toBe(HOURS_MESSAGES.noChange);
    expect((await setHours(null, place, '24/7')).status).toBe(401);
    expect((await setHours(ann, 999_999, '24/7')).status).toBe(404);
    const noCountry = await addPlace('Hours Nowhere Tea', { lat: CHICAGO.lat + 0.01, lng: CHICAGO.lng }, '');
    expect((await setHours(ann, noCountry, 'Mo-Fr 08:00-17:00; PH off')).body.msg).toBe(HOURS_MESSAGES.noHolidays);
    expect(await hoursOf(place)).toEqual(kept);
    expect(await hoursOf(noCountry)).toBeNull();
    expect(await history(place)).toHaveLength(1);
  });

  it('answers the same through tRPC', async () => {
    const other = await addPlace('Hours Trpc Boba', { lat: CHICAGO.lat - 0.01, lng: CHICAGO.lng });
    const set = await app.trpc('mutation', 'place.setHours', { establishment_id: other, opening_hours: '24/7' }, bob.auth);
    expect(set.data.establishment.hours).toMatchObject({ opening_hours: '24/7', changed_by: 'bobhours' });
    const bad = await app.trpc('mutation', 'place.setHours', { establishment_id: other, opening_hours: 'soon' }, bob.auth);
    expect(bad.error?.data.httpStatus).toBe(400);
    expect(bad.error?.message).toMatch(/^These opening hours can't be read/);
    const changes = await app.trpc('query', 'place.hoursHistory', { establishment_id: other });
    expect(changes.data.changes).toEqual([expect.objectContaining({ username: 'bobhours', before: null, after: '24/7', can_revert: false })]);
  });

  it('keeps every change; its author or an admin reverts it while it is in force', async () => {
    expect((await setHours(bob, place, 'Mo-Su 06:00-22:00')).status).toBe(200);
    const [bobs, anns] = await history(place, bob);
    expect(bobs).toMatchObject({ username: 'bobhours', before: 'Mo-Fr 07:00-18:00; Sa 08:00-14:00,15:00-17:00; Su off', after: 'Mo-Su 06:00-22:00', reverted: false, can_revert: true });
    expect(anns).toMatchObject({ username: 'annhours', before: null, can_revert: false });
    expect((await history(place, ann))[0].can_revert).toBe(false);
    expect((await history(place))[0].can_revert).toBe(false);

    // Not hers, and an older change is no longer in force.
    expect((await revert(ann, bobs.id)).body.msg).toBe(HOURS_MESSAGES.notYourChange);
    expect((await revert(ann, anns.id)).status).toBe(409);
    expect((await revert(ann, 999_999)).status).toBe(404);

    const reverted = await revert(bob, bobs.id);
    expect(reverted.status).toBe(200);
    expect(reverted.body.establishment.hours).toMatchObject({ opening_hours: anns.after, changed_by: 'bobhours' });
    const [undo, undone] = await history(place, bob);
    expect(undo).toMatchObject({ reverts_id: bobs.id, before: 'Mo-Su 06:00-22:00', after: anns.after });
    expect(undone).toMatchObject({ id: bobs.id, reverted: true, can_revert: false });
    expect((await revert(bob, bobs.id)).body.msg).toBe(HOURS_MESSAGES.alreadyReverted);

    // An admin may revert anyone's change in force: here Bob's revert, which puts Bob's hours back.
    expect((await revert(admin, undo.id)).body.establishment.hours.opening_hours).toBe('Mo-Su 06:00-22:00');
  });

  it('takes a report of a change, and an admin’s "remove" reverts it', async () => {
    const [current] = await history(place);
    expect(current.username).toBe('adminhours');
    expect((await setHours(bob, place, 'Mo-Su 00:00-01:00')).status).toBe(200);
    const [vandal] = await history(place);
    const reported = await app.post('/api/report/add', { kind: 'hours_change', target_id: vandal.id, reason: 'spam' }, ann.auth);
    expect(reported.status).toBe(200);
    expect((await app.post('/api/report/add', { kind: 'hours_change', target_id: 'abc', reason: 'spam' }, ann.auth)).status).toBe(400);
    expect((await app.post('/api/report/add', { kind: 'hours_change', target_id: vandal.id, reason: 'spam' }, bob.auth)).status).toBe(400);
    const open = (await app.post('/api/admin/reports', { status: 'open' }, admin.auth)).body.reports;
    expect(open).toEqual([
      expect.objectContaining({ kind: 'hours_change', content: expect.objectContaining({ kind: 'hours_change', username: 'bobhours', after: 'Mo-Su 00:00-01:00', establishment_name: 'Hours Test Coffee' }) }),
    ]);
    expect((await app.post('/api/admin/resolvereport', { report_id: reported.body.report_id, action: 'remove' }, admin.auth)).status).toBe(200);
    expect((await hoursOf(place)).opening_hours).toBe('Mo-Su 06:00-22:00');
    expect((await history(place))[1]).toMatchObject({ id: vandal.id, reverted: true });
  });

  it('allows HOURS_LIMITS.changesPerHour changes per person an hour, refusals not counted', async () => {
    const carl = await registerAccount(app, 'carlhours');
    const spot = await addPlace('Hours Busy Cafe', { lat: CHICAGO.lat + 0.02, lng: CHICAGO.lng });
    expect((await setHours(carl, spot, 'nonsense here')).status).toBe(400);
    for (let n = 0; n < HOURS_LIMITS.changesPerHour; n++) {
      expect((await setHours(carl, spot, `Mo-Su 08:00-${String(10 + n).padStart(2, '0')}:00`)).status).toBe(200);
    }
    expect((await setHours(carl, spot, '24/7')).status).toBe(429);
    expect((await hoursOf(spot)).opening_hours).toBe(`Mo-Su 08:00-${10 + HOURS_LIMITS.changesPerHour - 1}:00`);
  });

  it('hides from the history the changes of people the viewer blocked', async () => {
    const dora = await registerAccount(app, 'dorahours');
    const spot = await addPlace('Hours Quiet Tea', { lat: CHICAGO.lat - 0.02, lng: CHICAGO.lng });
    await setHours(dora, spot, '24/7');
    expect((await app.post('/api/user/blockuser', { targetusername: 'dorahours' }, ann.auth)).status).toBe(200);
    expect(await history(spot, ann)).toEqual([]);
    expect(await history(spot, bob)).toHaveLength(1);
  });

  describe('the map', () => {
    let open: number;
    let closedToday: number;
    let noHours: number;
    let tokyoOpen: number;

    beforeAll(async () => {
      open = await addPlace('Filter Open Coffee', { lat: CHICAGO.lat + 0.001, lng: CHICAGO.lng });
      closedToday = await addPlace('Filter Closed Coffee', { lat: CHICAGO.lat + 0.002, lng: CHICAGO.lng });
      noHours = await addPlace('Filter Unknown Coffee', { lat: CHICAGO.lat + 0.003, lng: CHICAGO.lng });
      tokyoOpen = await addPlace('Filter Tokyo Tea', TOKYO, 'JP');
      await setHours(ann, open, '24/7');
      await setHours(ann, closedToday, allWeekButToday('America/Chicago'));
      // Open today only, in Tokyo's today: right only if the day is taken in Tokyo's zone, not the server's.
      await setHours(ann, tokyoOpen, `${weekdayIn('Asia/Tokyo')} 00:00-24:00`);
    });

    it('pins carry their next two intervals and their time zone; Open now keeps the places open now', async () => {
      const all = await pins(boxAround(CHICAGO));
      const byId = new Map(all.map((pin) => [pin.establishment_id, pin]));
      expect(byId.get(open)!.hours).toEqual({ time_zone: 'America/Chicago', intervals: [[expect.any(Number), expect.any(Number)]], until: expect.any(Number) });
      // Closed today: the pin keeps the next opening (tomorrow, for six days) and the one after (a week on).
      const kept = (byId.get(closedToday)!.hours as { intervals: OpenInterval[]; until: number });
      expect(kept.intervals).toHaveLength(2);
      expect(kept.intervals[0][0]).toBeGreaterThan(Date.now());
      expect(kept.until).toBe(kept.intervals[1][1]);
      expect(byId.get(noHours)!.hours).toBeNull();

      const openNow = (await pins({ ...boxAround(CHICAGO), open: true })).map((pin) => pin.establishment_id);
      expect(openNow).toContain(open);
      expect(openNow).not.toContain(closedToday);
      expect(openNow).not.toContain(noHours);
      expect((await pins({ ...boxAround(TOKYO), open: true })).map((pin) => pin.establishment_id)).toEqual([tokyoOpen]);
      expect((await app.post('/api/place/inbounds', { ...boxAround(CHICAGO), open: 'yes' })).status).toBe(400);
    });

    it('Good for working keeps places with Wi-Fi and outlets confirmed and laptops not denied; filters combine', async () => {
      const both = AMENITY_BITS.wifi | AMENITY_BITS.outlets;
      await app.data.update(establishments).set({ amenitiesYes: both }).where(eq(establishments.id, open));
      await app.data.update(establishments).set({ amenitiesYes: both }).where(eq(establishments.id, closedToday));
      await app.data.update(establishments).set({ amenitiesYes: both, amenitiesNo: AMENITY_BITS.laptop_friendly }).where(eq(establishments.id, noHours));
      const working = await pins({ ...boxAround(CHICAGO), working: true });
      expect(working.map((pin) => pin.establishment_id).sort()).toEqual([open, closedToday].sort());
      expect(working.every((pin) => pin.good_for_working)).toBe(true);
      expect((await pins({ ...boxAround(CHICAGO), working: true, open: true })).map((pin) => pin.establishment_id)).toEqual([open]);
      expect((await pins({ ...boxAround(CHICAGO), working: true, open: true, kind: 'tea' })).map((pin) => pin.establishment_id)).toEqual([]);
    });

    it('place search puts places open now first when asked', async () => {
      const search = async (open?: boolean) =>
        ((await app.post('/api/place/search', { query: 'Filter Coffee', lat: CHICAGO.lat, lng: CHICAGO.lng, ...(open === undefined ? {} : { open }) })).body.results as { establishment_id?: number }[])
          .map((result) => result.establishment_id)
          .filter((id) => id !== undefined);
      const plain = await search();
      expect(plain.slice().sort()).toEqual([open, closedToday, noHours].sort());
      expect((await search(true))[0]).toBe(open);
    });

    it('Open now follows each place’s kept interval, moved on by the minute once it ends', async () => {
      const hourAgo = Date.now() - 3_600_000;
      await app.data.update(establishments).set({ openFrom: hourAgo - 3_600_000, openUntil: hourAgo }).where(eq(establishments.id, open));
      expect((await pins({ ...boxAround(CHICAGO), open: true })).map((pin) => pin.establishment_id)).not.toContain(open);
      await app.get(PlaceHoursService).advanceOpen();
      expect((await pins({ ...boxAround(CHICAGO), open: true })).map((pin) => pin.establishment_id)).toContain(open);
      const [row] = await app.data.select({ openUntil: establishments.openUntil }).from(establishments).where(eq(establishments.id, open));
      expect(Number(row.openUntil)).toBeGreaterThan(Date.now() + (HOURS_LIMITS.windowDays - 2) * DAY);
    });

    it('the sweeper rolls forward hours whose window runs low, and pins see it', async () => {
      const stale = Date.now() + DAY;
      await app.data.update(establishments).set({ hoursUntil: stale, openFrom: null, openUntil: null }).where(eq(establishments.id, open));
      await app.data.delete(placeHoursIntervals).where(eq(placeHoursIntervals.establishmentId, open));
      expect((await pins({ ...boxAround(CHICAGO), open: true })).map((pin) => pin.establishment_id)).not.toContain(open);
      expect(await app.get(PlaceHoursSweeper).sweep()).toBeGreaterThanOrEqual(1);
      expect((await hoursOf(open)).until).toBeGreaterThan(Date.now() + (HOURS_LIMITS.windowDays - 1) * DAY);
      expect((await pins({ ...boxAround(CHICAGO), open: true })).map((pin) => pin.establishment_id)).toContain(open);
    });
  });
});
