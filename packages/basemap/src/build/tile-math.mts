/** XYZ tile arithmetic (y = 0 at the north). */
export interface TileRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The tiles at zoom z that cover tiles [minX..maxX] x [minY..maxY] of a deeper zoom. */
export function parentRange(range: TileRange, z: number): TileRange {
  const shift = range.z - z;
  return { z, minX: range.minX >> shift, maxX: range.maxX >> shift, minY: range.minY >> shift, maxY: range.maxY >> shift };
}

export function* tilesOf(range: TileRange): Generator<[number, number]> {
  for (let x = range.minX; x <= range.maxX; x++) for (let y = range.minY; y <= range.maxY; y++) yield [x, y];
}

export function tileLng(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

export function tileLat(y: number, z: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}
