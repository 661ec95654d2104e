import { MAP_REGION_LIMITS, MAP_REGION_MESSAGES, type MapRegion, type MapRegionJob } from '@siplog/contracts';
import { describe, expect, it } from 'vitest';
import {
  addedText,
  arrivedRegions,
  arrivedText,
  checkRegionFile,
  checkRegionForm,
  fetchedText,
  isJobUnderWay,
  jobProgress,
  MAP_REGION_FORM_MESSAGES,
  sizeText,
  uploadProgressText,
  zoomsText,
} from './map-region-view';

const job = (overrides: Partial<MapRegionJob>): MapRegionJob => ({
  slug: 'lagos-pt',
  name: 'Lagos, PT',
  where: 'Lagos, PT',
  phase: 'tiles',
  bytes_done: 0,
  bytes_total: 0,
  tiles: 0,
  error: null,
  started_at: '2026-03-01T12:00:00.000Z',
  updated_at: '2026-03-01T12:00:01.000Z',
  ...overrides,
});

const region = (overrides: Partial<MapRegion>): MapRegion => ({
  slug: 'lagos-pt',
  name: 'Lagos, PT',
  where: 'Lagos, PT',
  bbox: { west: -8.72, south: 37.08, east: -8.64, north: 37.13 },
  min_zoom: 0,
  max_zoom: 15,
  tiles: 1234,
  bytes_on_disk: 5 * 1024 * 1024,
  bytes_fetched: 6 * 1024 * 1024,
  seconds: 12.4,
  source: 'http://127.0.0.1/planet.pmtiles',
  added_at: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

describe('the map region form', () => {
  it('takes a name or a box, trimmed, and a radius only with a name', () => {
    expect(checkRegionForm('  Lagos, PT ', '')).toEqual({ ok: true, input: { where: 'Lagos, PT' } });
    expect(checkRegionForm('Lisbon', ' 7.5 ')).toEqual({ ok: true, input: { where: 'Lisbon', radius_km: 7.5 } });
    expect(checkRegionForm('Lisbon', '7,5')).toEqual({ ok: true, input: { where: 'Lisbon', radius_km: 7.5 } });
    expect(checkRegionForm('-8.72,37.08,-8.64,37.13', '')).toEqual({ ok: true, input: { where: '-8.72,37.08,-8.64,37.13' } });
  });

  it('says which box is wrong and why, before anything is sent', () => {
    expect(checkRegionForm('   ', '')).toEqual({ ok: false, field: 'where', error: MAP_REGION_FORM_MESSAGES.whereRequired });
    expect(checkRegionForm('x'.repeat(201), '')).toEqual({ ok: false, field: 'where', error: MAP_REGION_FORM_MESSAGES.whereTooLong });
    for (const box of ['-8.64,37.08,-8.72,37.13', '-8.72,37.13,-8.64,37.08', '-8.72,86,-8.64,87', '-190,37,-8.64,37.13', '5,1,5,2']) {
      expect(checkRegionForm(box, ''), box).toEqual({ ok: false, field: 'where', error: MAP_REGION_FORM_MESSAGES.badBox });
    }
    expect(checkRegionForm('-8.72,37.08,-8.64,37.13', '5')).toEqual({ ok: false, field: 'radius', error: MAP_REGION_FORM_MESSAGES.radiusWithBox });
    for (const radius of ['0.5', '51', 'ten', '1e9', '-3']) {
      expect(checkRegionForm('Lisbon', radius), radius).toEqual({ ok: false, field: 'radius', error: MAP_REGION_FORM_MESSAGES.radiusNotNumber });
    }
  });
});

describe('sizes and counts', () => {
  it('reads bytes as bytes, KB under a megabyte, MB with a decimal above', () => {
    expect(sizeText(0)).toBe('0 bytes');
    expect(sizeText(1023)).toBe('1023 bytes');
    expect(sizeText(340 * 1024)).toBe('340 KB');
    expect(sizeText(12.34 * 1024 * 1024)).toBe('12.3 MB');
    expect(sizeText(-1)).toBe('—');
    expect(sizeText(Number.NaN)).toBe('—');
  });

  it('names zooms, the day added and what the fetch cost', () => {
    expect(zoomsText({ min_zoom: 0, max_zoom: 15 })).toBe('z0–15');
    expect(zoomsText({ min_zoom: 14, max_zoom: 14 })).toBe('z14');
    // Midday UTC is the same calendar day in every time zone from UTC−11 to UTC+11.
    expect(addedText('2026-03-01T12:00:00.000Z')).toMatch(/^Mar 1, 2026$/);
    expect(addedText('not a date')).toBe('not a date');
    expect(fetchedText({ bytes_fetched: 6 * 1024 * 1024, seconds: 12.4 })).toBe('6.0 MB in 12 s');
    expect(fetchedText({ bytes_fetched: 2048, seconds: 0.42 })).toBe('2 KB in 0.4 s');
    expect(fetchedText({ bytes_fetched: 2048, seconds: 0 })).toBe('2 KB');
  });
});

describe('a job under way', () => {
  it('has no end to its bar until the directory is read', () => {
    const view = jobProgress(job({ phase: 'directory' }));
    expect(view.phase).toBe('Reading the directory…');
    expect(view.value).toBeUndefined();
    expect(view.percent).toBeUndefined();
  });

  it('counts bytes done of the total while fetching tiles, never past the end', () => {
    const view = jobProgress(job({ phase: 'tiles', bytes_done: 3 * 1024 * 1024, bytes_total: 4 * 1024 * 1024, tiles: 1234 }));
    expect(view).toEqual({
      phase: 'Fetching tiles…',
      detail: '1,234 tiles: 3.0 MB of 4.0 MB',
      value: 3 * 1024 * 1024,
      max: 4 * 1024 * 1024,
      percent: 75,
    });
    expect(jobProgress(job({ phase: 'tiles', bytes_done: 900, bytes_total: 800, tiles: 1 })).value).toBe(800);
    expect(jobProgress(job({ phase: 'tiles', bytes_total: 0, tiles: 1 })).value).toBeUndefined();
  });

  it('is full while the archive is written, and a failure says why', () => {
    expect(jobProgress(job({ phase: 'finishing', bytes_done: 10, bytes_total: 10, tiles: 3 }))).toMatchObject({ phase: 'Writing the archive…', value: 1, max: 1, percent: 100 });
    expect(jobProgress(job({ phase: 'failed', error: 'The source answered 404' }))).toMatchObject({ phase: 'Failed', detail: 'The source answered 404' });
    expect(isJobUnderWay(job({ phase: 'finishing' }))).toBe(true);
    expect(isJobUnderWay(job({ phase: 'failed' }))).toBe(false);
  });
});

describe('regions that arrived', () => {
  it('are the installed ones whose job the panel saw and which no longer run', () => {
    const lagos = region({});
    const lisbon = region({ slug: 'lisbon-pt', name: 'Lisbon, PT', tiles: 1, bytes_on_disk: 2048 });
    const seen = new Set(['lagos-pt', 'lisbon-pt']);
    expect(arrivedRegions(seen, [lagos, lisbon], [job({ slug: 'lisbon-pt' })])).toEqual([lagos]);
    expect(arrivedRegions(new Set(), [lagos, lisbon], [])).toEqual([]);
    expect(arrivedText([lagos, lisbon])).toBe('Lagos, PT added: 1,234 tiles, 5.0 MB on disk. Lisbon, PT added: 1 tile, 2 KB on disk.');
  });
});

describe('a .pmtiles file to upload', () => {
  it('is refused before sending with the server\'s words: none chosen, not .pmtiles, over 1 GB', () => {
    expect(checkRegionFile(null)).toBe(MAP_REGION_MESSAGES.uploadMissing);
    expect(checkRegionFile(undefined)).toBe(MAP_REGION_MESSAGES.uploadMissing);
    for (const name of ['notes.txt', 'lisbon.pmtiles.zip', 'lisbon.mbtiles', 'pmtiles']) {
      expect(checkRegionFile({ name, size: 10 }), name).toBe(MAP_REGION_MESSAGES.uploadNotPmtiles);
    }
    expect(checkRegionFile({ name: 'portugal.pmtiles', size: MAP_REGION_LIMITS.uploadMaxBytes + 1 })).toBe(MAP_REGION_MESSAGES.uploadTooLarge);
  });

  it('is sent when it is a .pmtiles of at most 1 GB, whatever the case of its ending', () => {
    expect(checkRegionFile({ name: 'lisbon.pmtiles', size: 12_345 })).toBeNull();
    expect(checkRegionFile({ name: 'Harbour Town.PMTiles', size: MAP_REGION_LIMITS.uploadMaxBytes })).toBeNull();
  });

  it('says how much has gone out, clamped to the file', () => {
    expect(uploadProgressText(0, 2 * 1024 * 1024)).toBe('0 bytes of 2.0 MB sent');
    expect(uploadProgressText(0.25, 2 * 1024 * 1024)).toBe('512 KB of 2.0 MB sent');
    expect(uploadProgressText(1.5, 2048)).toBe('2 KB of 2 KB sent');
    expect(uploadProgressText(Number.NaN, 2048)).toBe('0 bytes of 2 KB sent');
  });
});
