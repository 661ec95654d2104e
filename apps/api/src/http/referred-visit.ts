import { Logger } from '@nestjs/common';

const logger = new Logger('WebApp');

/**
 * A visit that arrived from another site (a search engine, a link elsewhere) is logged with where it came from, so
 * the admin's log viewer can count them (its search-engine quick pick). Only the referrer's origin is kept: the
 * rest of its address may carry someone's search terms.
 */
export function logReferredVisit(pathname: string, referrer: string | undefined, host: string | undefined): void {
  if (!referrer) return;
  let origin: string;
  try {
    const url = new URL(referrer);
    if (url.host === host) return;
    origin = url.origin;
  } catch {
    return;
  }
  logger.log(`Referred visit: ${pathname.slice(0, 200)} from ${origin.slice(0, 200)}`);
}
