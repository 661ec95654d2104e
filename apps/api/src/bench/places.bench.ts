/**
 * Place benchmarks at the service level (no HTTP): 50,000 establishments in a temp database, clustered in
 * ten metro areas plus a scattering over the US, then map bounds queries (a city-sized and a state-sized
 * box, both capped) and place search. Bounded loops; the numbers are printed by the caller, never asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AMENITY_BITS, HOURS_LIMITS, type OpenInterval } from '@siplog/contracts';
import { insertEstablishment, placeHoursIntervals, type Database } from '@siplog/db';
import { evaluateHours, timeZoneAt } from '../modules/place/hours/opening-hours';
import { keptIntervals } from '../modules/place/hours/place-hours.repository';
import { createApp } from '../app.factory';
import { loadConfig } from '../config/app.config';
import { DATABASE } from '../modules/database/database.module';
import { PlaceService } from '../modules/place/place.service';
import { measureAsync, type Sample } from './measure';
import { mulberry32 } from '../seed/demo-images';

const PLACES = 50_000;
const METROS = [
  { lat: 41.88, lng: -87.63 }, // Chicago
  { lat: 40.73, lng: -73.99 },
  { lat: 34.05, lng: -118.24 },
  { lat: 29.76, lng: -95.37 },
  { lat: 30.27, lng: -97.74 },
  { lat: 47.61, lng: -122.33 },
  { lat: 37.77, lng: -122.42 },
  { lat: 39.74, lng: -104.99 },
  { lat: 25.76, lng: -80.19 },
  { lat: 42.36, lng: -71.06 },
];
const FIRST = ['Dark', 'Bright', 'Golden', 'Velvet', 'Little', 'Blue', 'Red', 'Green', 'Happy', 'Lucky', 'Café', 'Corner'];
const SECOND = ['Coffee', 'Tea House', 'Boba', 'Roasters', 'Espresso Bar', 'Brew', 'Matcha', 'Bean'];
/** Hours of the places that have some (issue 31): three in four do, in these shapes. */
const HOURS = ['Mo-Fr 07:00-18:00; Sa,Su 08:00-16:00', 'Mo-Su 06:30-21:00', 'Mo-Sa 10:00-14:00,16:00-22:00; Su off', 'Tu-Su 17:00-02:00', '24/7'];
const DAY = 86_400_000;
const WORKING = AMENITY_BITS.wifi | AMENITY_BITS.outlets;

/** Each (zone, text)'s intervals, evaluated once: the seed writes the same rows the service would. */
function intervalsCache(now: number) {
  const known = new Map<string, OpenInterval[]>();
  return (zone: string, text: string) => {
    const key = `${zone}|${text}`;
    let intervals = known.get(key);
    if (!intervals) {
      const hours = evaluateHours(text, { lat: 0, lng: 0, country: 'US', state: '', timeZone: zone }, now);
      if ('error' in hours) throw hours.error;
      if ('problem' in hours) throw new Error(hours.problem);
      intervals = hours.intervals;
      known.set(key, intervals);
    }
    return intervals;
  };
}


export async function benchPlaces(): Promise<Sample[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-places-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false', LOG_LEVEL: 'warn' });
  const app = await createApp(config);
  try {
    const db = app.get<Database>(DATABASE);
    const places = app.get(PlaceService);
    const next = mulberry32(42);
    const seedStart = performance.now();
    const now = Date.now();
    const intervalsOf = intervalsCache(now);
    let withHours = 0;
    await db.transaction(async () => {
      for (let i = 0; i < PLACES; i++) {
        const metro = METROS[i % METROS.length];
        const clustered = next() < 0.6;
        const lat = clustered ? metro.lat + (next() - 0.5) * 0.6 : 25 + next() * 24;
        const lng = clustered ? metro.lng + (next() - 0.5) * 0.8 : -125 + next() * 58;
        const postCount = next() < 0.3 ? Math.floor(next() * 40) : 0;
        const openingHours = next() < 0.75 ? HOURS[Math.floor(next() * HOURS.length)] : null;
        const timeZone = openingHours ? timeZoneAt({ lat, lng }) : null;
        // About a third answered Wi-Fi and outlets yes; some of those say laptops are not welcome.
        const amenitiesYes = next() < 0.35 ? WORKING : 0;
        const amenitiesNo = amenitiesYes && next() < 0.2 ? AMENITY_BITS.laptop_friendly : 0;
        const intervals = openingHours && timeZone ? intervalsOf(timeZone, openingHours) : [];
        // Unique names, so slugify(name, city) never collides and the free-slug check costs one lookup.
        const row = await insertEstablishment(db, {
          placeId: `bench-${i}`,
          name: `${FIRST[i % FIRST.length]} ${SECOND[Math.floor(i / FIRST.length) % SECOND.length]} ${i}`,
          street: `${i} Main St`,
          city: `City ${i % 500}`,
          state: 'ST',
          zip: String(10_000 + (i % 80_000)),
          lat,
          lng,
          postCount,
          ratingSum: postCount * 4,
          openingHours,
          timeZone,
          hoursUntil: openingHours ? now + HOURS_LIMITS.windowDays * DAY : null,
          amenitiesYes,
          amenitiesNo,
          ...keptIntervals(intervals, now),
        });
        if (openingHours && timeZone) {
          withHours++;
          const rows = intervals.map(([startsAt, endsAt]) => ({ establishmentId: row.id, startsAt, endsAt }));
          if (rows.length > 0) await db.insert(placeHoursIntervals).values(rows);
        }
      }
    });
    console.log(`places bench: ${PLACES} establishments (${withHours} with opening hours) seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const cityBox = { west: -87.76, south: 41.8, east: -87.5, north: 41.96 };
    const stateBox = { west: -91.5, south: 37, east: -87.5, north: 42.5 };
    const bigBox = { west: -125, south: 25, east: -67, north: 49 };
    const counts: number[] = [];
    for (const box of [cityBox, stateBox, bigBox]) counts.push((await places.inBounds(box)).places.length);
    console.log(`inBounds pins answered (capped at 300): city ${counts[0]}, state ${counts[1]}, US ${counts[2]}`);
    const both = { open: true, working: true };
    const filtered: number[] = [];
    for (const box of [cityBox, stateBox, bigBox]) filtered.push((await places.inBounds({ ...box, ...both })).places.length);
    console.log(`inBounds pins open now and good for working: city ${filtered[0]}, state ${filtered[1]}, US ${filtered[2]}`);

    const queries = ['dark coffee', 'golden', 'boba 12', 'cafe roasters', 'city 42', 'matcha'];
    let ip = 0;
    const client = () => ({ ip: `10.77.${Math.floor(ip / 250) % 250}.${ip++ % 250}`, referrer: '', userAgent: '' });
    return [
      await measureAsync('place inBounds, city box (service)', 2000, () => places.inBounds(cityBox)),
      await measureAsync('place inBounds, state box (service)', 1000, () => places.inBounds(stateBox)),
      await measureAsync('place inBounds, 58°x24° US box (service)', 200, () => places.inBounds(bigBox)),
      await measureAsync('place inBounds, city box, Open now (service)', 2000, () => places.inBounds({ ...cityBox, open: true })),
      await measureAsync('place inBounds, city box, Good for working (service)', 2000, () => places.inBounds({ ...cityBox, working: true })),
      await measureAsync('place inBounds, city box, both filters (service)', 2000, () => places.inBounds({ ...cityBox, ...both })),
      await measureAsync('place inBounds, state box, both filters (service)', 1000, () => places.inBounds({ ...stateBox, ...both })),
      await measureAsync('place inBounds, US box, both filters (service)', 200, () => places.inBounds({ ...bigBox, ...both })),
      await measureAsync('place loadEstablishment (service)', 2000, (i) => places.loadEstablishment(1 + ((i * 37) % PLACES))),
      await measureAsync('place search, no centre (service)', 500, (i) => places.search(client(), { query: queries[i % queries.length] })),
      await measureAsync('place search, near Chicago (service)', 500, (i) =>
        places.search(client(), { query: queries[i % queries.length], lat: 41.88, lng: -87.63 }),
      ),
    ];
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
