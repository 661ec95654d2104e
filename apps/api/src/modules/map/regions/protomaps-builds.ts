/**
 * Where regions are cut from when MAP_SOURCE_URL is unset: Protomaps' daily planet build, one archive a day named by
 * its date (https://build.protomaps.com/20261128.pmtiles). Builds are kept for a while, not for ever, so the newest
 * one that answers is looked for at the moment a region is added, never at start-up.
 */
export const PROTOMAPS_BUILDS_URL = 'https://build.protomaps.com';
const DAYS_BACK = 10;
const PROBE_TIMEOUT_MS = 15_000;

const dayName = (day: Date) => day.toISOString().slice(0, 10).replace(/-/g, '');

/** The newest build that answers a range request for its header, from today back DAYS_BACK days. */
export async function newestProtomapsBuild(base = PROTOMAPS_BUILDS_URL, today = new Date(), signal?: AbortSignal): Promise<string> {
  const tried: string[] = [];
  for (let back = 0; back <= DAYS_BACK; back++) {
    const day = new Date(today.getTime() - back * 86_400_000);
    const url = `${base.replace(/\/+$/, '')}/${dayName(day)}.pmtiles`;
    tried.push(url);
    try {
      const answer = await fetch(url, {
        headers: { Range: 'bytes=0-6' },
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]) : AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      const body = Buffer.from(await answer.arrayBuffer());
      if (answer.status === 206 && body.toString('latin1') === 'PMTiles') return url;
    } catch (error) {
      if (signal?.aborted) throw error;
      // Unreachable or slow: the next day's name will say the same, so stop and explain.
      throw new Error(
        `Could not reach ${base} to find a Protomaps build (${(error as Error).message}). Set MAP_SOURCE_URL (or --source) to a Protomaps basemap archive or mirror.`,
        { cause: error },
      );
    }
  }
  throw new Error(`No Protomaps build answered at ${tried[0]} or the ${DAYS_BACK} days before. Set MAP_SOURCE_URL (or --source) to a Protomaps basemap archive.`);
}
