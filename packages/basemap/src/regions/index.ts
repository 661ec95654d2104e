/**
 * Map regions (issue 29): extract a city's tiles from a big Protomaps PMTiles build over HTTP range
 * requests, install a local archive, and serve tiles from the resulting files.
 */
export { MAX_REGION_TILES, areaKm2, assertRegionSize, tileRangeOf, tilesInRegion, validateBbox, type Bbox, type TileRange } from './bbox';
export { RegionError, SourceChangedError } from './errors';
export { RegionArchive, type RegionArchiveHeader } from './region-archive';
export { readSiplogInfo, type SiplogRegionInfo } from './siplog-info';
export { planArchive, writeArchive, encodeMetadata, type ArchiveDescription, type ArchiveLayout, type InMemoryTile, type TileRun } from './pmtiles-writer';
export type { TileCompressionName } from './pmtiles-format';
export { extractRegion, partialFilesOf, type ExtractOptions, type ExtractProgress, type ExtractResult, type FetchTuning, type RegionInfoInput } from './region-extract';
export { installArchive, type InstallOptions } from './install-archive';
export { openRangeSource, type RangeSource, type RangeSourceOptions } from './range-source';
