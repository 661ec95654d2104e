/**
 * Installs a whole local .pmtiles (one the operator made or downloaded) as a region: every tile is copied
 * through the same checks, partial file and atomic rename as an extraction, with the siplog metadata added.
 */
import fs from 'node:fs';
import { RegionError } from './errors';
import { isHttpLocation } from './range-source';
import { runExtraction, type ExtractProgress, type ExtractResult, type RegionInfoInput } from './region-extract';

export interface InstallOptions {
  onProgress?: (progress: ExtractProgress) => void;
  signal?: AbortSignal;
}

export async function installArchive(file: string, outFile: string, info: RegionInfoInput, options: InstallOptions = {}): Promise<ExtractResult> {
  if (typeof file !== 'string' || file.trim() === '') throw new RegionError('The archive to install must be a file path.');
  if (isHttpLocation(file)) throw new RegionError(`installArchive takes a local file; extract a region from ${file} instead.`);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat) throw new RegionError(`The archive ${file} does not exist.`);
  if (!stat.isFile()) throw new RegionError(`${file} is not a file.`);
  return runExtraction({ source: file, selection: { kind: 'all' }, outFile, info, onProgress: options.onProgress, signal: options.signal });
}
