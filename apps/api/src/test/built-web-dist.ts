import fs from 'node:fs';
import path from 'node:path';

/** The web app as `pnpm build` writes it (the server's default WEB_DIST_DIR): tests of what the real build serves. */
const BUILT_WEB_DIST = path.resolve(__dirname, '../../../web/dist');

/** The built web app's folder; an error saying how to make it when it is not built (`pnpm test` builds it first). */
export function builtWebDist(): string {
  const index = path.join(BUILT_WEB_DIST, 'index.html');
  if (!fs.existsSync(index)) throw new Error(`${index} is missing: run pnpm build first`);
  return BUILT_WEB_DIST;
}
