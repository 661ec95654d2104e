import { Logger } from '@nestjs/common';
import { z } from 'zod';
import { formatPlaceLabel, LIMITS, PLACE_LIMITS, type PlaceInfo, type PlaceSearchResult } from '@siplog/contracts';
import { boxAround, distanceMeters, type LatLng } from '../../common/geo';
import type { PlaceRepository } from './place.repository';
import { mergeResults, type OfflinePlaceSearch, type PlaceSearch } from './place-search';
import type { SharedCacheService } from '../shared-cache/shared-cache.service';
import { establishmentResultOf } from './place.views';

/** A provider that has not answered by then is skipped: the person is typing and waiting. */
export const MAPBOX_TIMEOUT_MS = 3000;
const MAPBOX_RESULTS = 10;
/** Search Box category ids for the spec's search terms (coffee, tea, boba). */
const CATEGORY_OF_TERM: Record<(typeof LIMITS.placeSearchTerms)[number], string> = { coffee: 'coffee', tea: 'tea', boba: 'bubble_tea' };
/** Free-text POI search stays within drinks places. */
const POI_CATEGORIES = ['coffee', 'cafe', 'tea', 'bubble_tea'].join(',');
const AREA_TYPES = 'place,locality,neighborhood';
/** How long a provider place found by search may be created by placeselected (remembered by every node alike). */
export const PROVIDER_PLACE_TTL_MS = 60 * 60 * 1000;


export interface MapboxConfig {
  token: string;
  /** https://api.mapbox.com, or a test's fake. */
  baseUrl: string;
}

const named = z.looseObject({ name: z.string().optional() });
const feature = z.looseObject({
  properties: z.looseObject({
    mapbox_id: z.string().min(1),
    name: z.string().min(1),
    feature_type: z.string().optional(),
    address: z.string().optional(),
    coordinates: z.looseObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
    context: z
      .looseObject({
        address: z.looseObject({ name: z.string().optional(), address_number: z.string().optional(), street_name: z.string().optional() }),
        street: named,
        postcode: named,
        place: named,
        locality: named,
        region: z.looseObject({ name: z.string().optional(), region_code: z.string().optional() }),
        country: z.looseObject({ name: z.string().optional(), country_code: z.string().optional() }),
      })
      .partial()
      .optional(),
  }),
});
type Feature = z.infer<typeof feature>;
const featureCollection = z.looseObject({ features: z.array(z.unknown()) });

/** Provider text as our fields take it: trimmed and capped, so a result always passes placeselected's schema. */
function text(value: string | undefined): string {
  return (value ?? '').trim().slice(0, LIMITS.textFieldMax);
}

function placeInfoOf({ properties: p }: Feature): PlaceInfo {
  const context = p.context ?? {};
  return {
    place_id: text(p.mapbox_id),
    name: text(p.name),
    street: text(p.address ?? context.address?.name ?? context.street?.name),
    city: text(context.place?.name ?? context.locality?.name),
    state: text(context.region?.region_code ?? context.region?.name),
    zip: text(context.postcode?.name),
    country: text(context.country?.country_code?.toUpperCase() ?? context.country?.name),
    lat: p.coordinates.latitude,
    lng: p.coordinates.longitude,
  };
}

/**
 * Mapbox Geocoding (v6) for cities and neighbourhoods, Search Box for coffee, tea and boba places within
 * LIMITS.placeSearchRadiusMeters of the map's centre, and our own establishments first. A provider call
 * that fails or times out is logged and its part answered offline.
 */
export class MapboxPlaceSearch implements PlaceSearch {
  private readonly logger = new Logger('MapboxPlaceSearch');
  constructor(
    private readonly offline: OfflinePlaceSearch,
    private readonly places: PlaceRepository,
    private readonly config: MapboxConfig,
    /** What the provider answered, by its id: placeselected creates places from these only. */
    private readonly providerPlaces: SharedCacheService,
  ) {}

  async search(query: string, center: LatLng | null): Promise<PlaceSearchResult[]> {
    const { near, other } = await this.offline.establishments(query, center);
    const [areas, pois] = await Promise.all([
      this.areas(query, center).catch((error: unknown) => {
        this.logFailure('geocoding', error);
        return this.offline.areas(query, center);
      }),
      center
        ? this.pois(query, center).catch((error: unknown) => {
            this.logFailure('POI search', error);
            return [];
          })
        : [],
    ]);
    return mergeResults(near, pois, areas, other);
  }

  async providerPlace(placeId: string): Promise<PlaceInfo | null> {
    const kept = await this.providerPlaces.get(`mapbox:${placeId}`, PROVIDER_PLACE_TTL_MS);
    return kept === null ? null : (JSON.parse(kept) as PlaceInfo);
  }

  private async areas(query: string, center: LatLng | null): Promise<PlaceSearchResult[]> {
    const params = new URLSearchParams({ q: query, types: AREA_TYPES, limit: String(PLACE_LIMITS.searchAreasMax) });
    if (center) params.set('proximity', `${center.lng},${center.lat}`);
    const features = await this.features('/search/geocode/v6/forward', params);
    return features.map(({ properties: p }) => {
      const isCity = p.feature_type === 'place';
      const region = p.context?.region?.region_code ?? p.context?.region?.name ?? p.context?.country?.name ?? '';
      const within = isCity ? p.name : (p.context?.place?.name ?? p.name);
      return {
        kind: 'area' as const,
        id: `mapbox:${p.mapbox_id}`,
        name: text(p.name),
        label: text(formatPlaceLabel({ street: '', city: within, state: region })),
        lat: p.coordinates.latitude,
        lng: p.coordinates.longitude,
        zoom: isCity ? PLACE_LIMITS.zoomForCity : PLACE_LIMITS.zoomForNeighbourhood,
      };
    });
  }

  /** Drinks places around the centre; one we already know answers as our establishment. */
  private async pois(query: string, center: LatLng): Promise<PlaceSearchResult[]> {
    const box = boxAround(center, LIMITS.placeSearchRadiusMeters);
    const params = new URLSearchParams({
      proximity: `${center.lng},${center.lat}`,
      bbox: [box.west, box.south, box.east, box.north].join(','),
      limit: String(MAPBOX_RESULTS),
    });
    const term = LIMITS.placeSearchTerms.find((candidate) => candidate === query.trim().toLowerCase());
    let path = `/search/searchbox/v1/category/${CATEGORY_OF_TERM[term ?? 'coffee']}`;
    if (!term) {
      path = '/search/searchbox/v1/forward';
      params.set('q', query);
      params.set('types', 'poi');
      params.set('poi_category', POI_CATEGORIES);
    }
    const features = await this.features(path, params);
    const infos = features.map(placeInfoOf).filter((info) => distanceMeters(center, info) <= LIMITS.placeSearchRadiusMeters);
    const knownRows = await Promise.all(infos.map((info) => this.places.byPlaceId(info.place_id)));
    const unknown = infos.filter((_, i) => !knownRows[i]);
    await Promise.all(unknown.map((info) => this.providerPlaces.set(`mapbox:${info.place_id}`, JSON.stringify(info), PROVIDER_PLACE_TTL_MS)));
    return infos.map((info, i): PlaceSearchResult => {
      const known = knownRows[i];
      if (known) return establishmentResultOf({ ...known });
      return {
        kind: 'place',
        id: `mapbox:${info.place_id}`,
        name: info.name,
        label: formatPlaceLabel(info),
        lat: info.lat,
        lng: info.lng,
        place_info: info,
        zoom: PLACE_LIMITS.zoomForEstablishment,
      };
    });
  }

  /** One GET with the token and a timeout; features that do not have the recorded shape are skipped. */
  private async features(path: string, params: URLSearchParams): Promise<Feature[]> {
    params.set('access_token', this.config.token);
    const response = await fetch(`${this.config.baseUrl}${path}?${params.toString()}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(MAPBOX_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const body = featureCollection.parse(await response.json());
    return body.features.flatMap((candidate) => {
      const parsed = feature.safeParse(candidate);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** Never the URL: it carries the token. */
  private logFailure(what: string, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(`Mapbox ${what} failed, answering offline: ${reason}`);
  }
}
