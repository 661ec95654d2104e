/**
 * The oldest Node.js major Siplog runs on. better-sqlite3 13 (Node-API) needs 22 and crashes the process on 20;
 * 24 LTS is what the image and CI use.
 */
export const MIN_NODE_MAJOR = 22;

/** Why this Node cannot run Siplog, in one line, or null when it can. */
export function unsupportedNodeMessage(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return null;
  return `Siplog needs Node.js ${MIN_NODE_MAJOR} or newer (24 LTS recommended); this is Node.js ${version}. See the README's quick start.`;
}
