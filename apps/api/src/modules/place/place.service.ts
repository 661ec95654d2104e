import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  formatRating,
  parseLatLng,
  PLACE_LIMITS,
  PLACE_SERVER_MESSAGES,
  type addPlaceSchema,
  type Area,
  type Establishment,
  type PlaceHoursChange,
  type placeHoursSetSchema,
  type PlacePin,
  type PlaceSearchResult,
  type placeFollowSchema,
  type placeInBoundsSchema,
  type placeInfoSchema,
  type placeSearchSchema,
  type placeSelectedSchema,
} from '@siplog/contracts';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import type { ClientInfo } from '../../common/client-info';
import { assertActingUser, type AuthUser } from '../../common/auth-user';
import { GazetteerService } from '../map/gazetteer.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { boxAround, distanceMeters, type Box, type LatLng } from '../../common/geo';
import { PLACE_SEARCH, type PlaceSearch } from './place-search';
import { PlaceRepository, type EstablishmentRow, type PinRow } from './place.repository';
import { areaOf, goodForWorking, pinOf } from './place.views';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { BlockService } from '../block/block.service';
import { STALE_AFTER } from '../public-cache/public-cache.tags';
import { PlaceHoursService } from './hours/place-hours.service';
import { PlaceAmenitiesService } from './place-amenities.service';

type FollowInput = z.output<typeof placeFollowSchema>;
type NewPlace = Omit<z.output<typeof placeInfoSchema>, 'place_id'>;

/** Place ids this app hands out for places no provider knows (added by dropping a pin). */
const OWN_PLACE_PREFIX = 'siplog:';

/** A place's name as two spellings of one place compare: letters and digits only, case and accents aside. */
const comparableName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The nearest of `rows` to `point` within `meters` that `accept` takes, or undefined. */
function nearestWithin<T extends LatLng>(rows: T[], point: LatLng, meters: number, accept: (row: T) => boolean = () => true) {
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const row of rows) {
    const distance = distanceMeters(point, row);
    if (distance <= meters && distance < bestDistance && accept(row)) [best, bestDistance] = [row, distance];
  }
  return best;
}

/**
 * Establishments: the place page, choosing or adding a place, follows, the map's pins, place search and
 * areas. Rules and authorization live here; data access in PlaceRepository.
 */
@Injectable()
export class PlaceService {
  private readonly logger = new Logger(PlaceService.name);

  constructor(
    private readonly places: PlaceRepository,
    private readonly gazetteer: GazetteerService,
    private readonly rateLimit: RateLimitService,
    @Inject(PLACE_SEARCH) private readonly placeSearch: PlaceSearch,
    private readonly cache: PublicCacheService,
    private readonly blocks: BlockService,
    private readonly hours: PlaceHoursService,
    private readonly amenitySummaries: PlaceAmenitiesService,
  ) {}

  async loadEstablishment(id: number): Promise<{ establishment: Establishment }> {
    return { establishment: await this.viewOf(await this.require(id)) };
  }

  /**
   * `location` (the `/view/location/{location}` route): a place's slug ("dark-matter-coffee-chicago"),
   * a provider's place_id, or "lat,lng" for the nearest place within PLACE_LIMITS.locationMatchMeters.
   */
  async loadByLocation(location: string): Promise<{ establishment: Establishment }> {
    const point = parseLatLng(location);
    const row = point
      ? await this.nearestTo(point, PLACE_LIMITS.locationMatchMeters)
      : ((await this.places.bySlug(location.toLowerCase())) ?? (await this.places.byPlaceId(location)));
    if (!row) throw new AppError('NOT_FOUND', PLACE_SERVER_MESSAGES.notFound);
    return { establishment: await this.viewOf(row) };
  }

  /**
   * A place picked on the map or in search: a known place_id answers its establishment. A provider's new place
   * is created once, and only from what this server itself got from the provider (PlaceSearch.providerPlace):
   * the client's name, address and point are never trusted, so nobody can squat a provider id. The same name
   * within PLACE_LIMITS.duplicateRadiusMeters is the same place. Offline there is no provider: 404.
   */
  async select(client: ClientInfo, input: z.output<typeof placeSelectedSchema>): Promise<{ status: 200; establishment: Establishment }> {
    return { status: 200, establishment: await this.viewOf(await this.knownOrProvided(client, input.place_info.place_id)) };
  }

  /** The establishment a review names by `place_id`, created first when it is a provider's new place (as `select`). */
  async establishmentIdFor(client: ClientInfo, placeId: string): Promise<number> {
    return (await this.knownOrProvided(client, placeId)).id;
  }

  /** A place a signed-in person adds by dropping a pin: `siplog:{n}`, unless the same name is already within 30 m. */
  async add(actor: AuthUser, input: z.output<typeof addPlaceSchema>): Promise<{ status: 200; establishment: Establishment }> {
    const existing = await this.duplicateOf(input);
    if (existing) return { status: 200, establishment: await this.viewOf(existing) };
    await this.rateLimit.consume('placeAddByAccount', String(actor.id));
    const row = await this.create(input, null);
    this.logger.log(`Place added by ${actor.username}: ${row.placeId}`);
    return { status: 200, establishment: await this.viewOf(row) };
  }

  /** The most recently reviewed places first (the test feed card uses the first). */
  async forFeed(limit: number, skip: number): Promise<{ establishment: Establishment[] }> {
    return { establishment: await this.viewsOf(await this.places.feed(limit, skip)) };
  }

  async isFollowed(actor: AuthUser, input: FollowInput): Promise<{ followed: boolean }> {
    assertActingUser(actor, { email: input.email });
    const row = await this.require(input.establishment_id);
    return { followed: await this.places.isFollowing(actor.id, row.id) };
  }

  /** Idempotent under repeated and concurrent calls: one row per person and place. */
  async follow(actor: AuthUser, input: FollowInput): Promise<{ status: 200; followed: true; followers: number }> {
    assertActingUser(actor, { email: input.email });
    const row = await this.require(input.establishment_id);
    await this.places.follow(actor.id, row.id);
    await this.cache.changed(STALE_AFTER.placeFollow(actor.username, row.id));
    return { status: 200, followed: true, followers: await this.places.followerCount(row.id) };
  }

  async unfollow(actor: AuthUser, input: FollowInput): Promise<{ status: 200; followed: false; followers: number }> {
    assertActingUser(actor, { email: input.email });
    const row = await this.require(input.establishment_id);
    await this.places.unfollow(actor.id, row.id);
    await this.cache.changed(STALE_AFTER.placeFollow(actor.username, row.id));
    return { status: 200, followed: false, followers: await this.places.followerCount(row.id) };
  }

  /** Usernames of the active people following the place. */
  async followers(id: number, viewer: AuthUser | null = null): Promise<{ followers: string[] }> {
    const row = await this.require(id);
    return { followers: await this.places.followerNames(row.id, await this.blocks.hiddenFor(viewer)) };
  }

  /**
   * Pins inside the map's box (the schema refuses boxes across the antimeridian or too large): the most reviewed
   * first, capped, each with the two open intervals its row keeps (issue 31) for the card's and list's status.
   */
  async inBounds(box: z.output<typeof placeInBoundsSchema>): Promise<{ places: PlacePin[]; truncated: boolean }> {
    const filter = { kind: box.kind, top: box.top, openAt: box.open ? Date.now() : undefined, working: box.working };
    const rows = await this.places.inBounds(box, PLACE_LIMITS.boundsPinsMax + 1, filter);
    const truncated = rows.length > PLACE_LIMITS.boundsPinsMax;
    const shown = truncated ? rows.slice(0, PLACE_LIMITS.boundsPinsMax) : rows;
    return { places: shown.map(pinOf), truncated };
  }

  /** Sets a place's opening hours ('' clears them): the place as it now is. */
  async setHours(actor: AuthUser, input: z.output<typeof placeHoursSetSchema>): Promise<{ status: 200; establishment: Establishment }> {
    await this.hours.set(actor, input.establishment_id, input.opening_hours);
    return { status: 200, ...(await this.loadEstablishment(input.establishment_id)) };
  }

  /** Reverts a change of hours (its author or an admin): the place as it now is. */
  async revertHours(actor: AuthUser, changeId: number): Promise<{ status: 200; establishment: Establishment }> {
    const establishmentId = await this.hours.revert(actor, changeId);
    return { status: 200, ...(await this.loadEstablishment(establishmentId)) };
  }

  /** Every change of a place's hours, newest first (public; what the viewer may revert is marked). */
  hoursHistory(viewer: AuthUser | null, establishmentId: number): Promise<{ changes: PlaceHoursChange[] }> {
    return this.hours.history(viewer, establishmentId);
  }

  /** The most reviewed places in the box (newest first among equals), at most `limit`, unfiltered: for other modules. */
  async mostReviewedInBox(box: Box, limit: number): Promise<PinRow[]> {
    return this.places.inBounds(box, limit);
  }

  /** Places whose name matches the words typed (each a name-word prefix), best match first, at most `limit`. */
  async searchByName(text: string, limit: number): Promise<PinRow[]> {
    const match = this.places.searchQuery(text, { nameOnly: true });
    return match ? this.places.searchText(match, limit) : [];
  }

  async search(client: ClientInfo, input: z.output<typeof placeSearchSchema>): Promise<{ results: PlaceSearchResult[] }> {
    await this.rateLimit.consume('search', client.ip);
    const center = input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : null;
    const results = await this.placeSearch.search(input.query, center);
    return { results: input.open ? await this.openFirst(results) : results };
  }

  /** With the Open now filter on: our places open now first, each group in the search's own order. */
  private async openFirst(results: PlaceSearchResult[]): Promise<PlaceSearchResult[]> {
    const ids = results.flatMap((result) => (result.establishment_id === undefined ? [] : [result.establishment_id]));
    const open = await this.hours.openAmong(ids);
    const isOpen = (result: PlaceSearchResult) => result.establishment_id !== undefined && open.has(result.establishment_id);
    return [...results.filter(isOpen), ...results.filter((result) => !isOpen(result))];
  }

  /** An address to start from when adding a place: the nearest city within 50 km, and the zip of the nearest place within 2 km. */
  async suggestAddress(point: LatLng): Promise<{ city: string; state: string; zip: string; country: string }> {
    const nearestCity = this.gazetteer.nearest(point.lat, point.lng);
    const city = nearestCity && distanceMeters(point, nearestCity) <= PLACE_LIMITS.citySuggestionMeters ? nearestCity : null;
    const neighbour = nearestWithin(
      await this.places.near(boxAround(point, PLACE_LIMITS.zipSuggestionMeters)),
      point,
      PLACE_LIMITS.zipSuggestionMeters,
      (row) => row.zip !== '',
    );
    return { city: city?.name ?? '', state: city?.state ?? '', zip: neighbour?.zip ?? '', country: city?.country ?? '' };
  }

  /**
   * The known places within PLACE_LIMITS.photoNearMeters of a point, nearest first (Quick Post's 'Taken near X?'). The
   * point is a photo's, read in the browser: it is used for this look-up and neither stored nor logged.
   */
  async near(point: LatLng): Promise<{ establishments: Establishment[] }> {
    return { establishments: await this.viewsOf(await this.placesAround(point, PLACE_LIMITS.photoNearMeters, PLACE_LIMITS.photoNearMax)) };
  }

  /** `/view/{location}`: a city or neighbourhood by name or slug, and the places around its centre, nearest first. */
  async area(location: string): Promise<{ area: Area; establishments: Establishment[] }> {
    const entry = this.gazetteer.findByName(location);
    if (!entry) throw new AppError('NOT_FOUND', PLACE_SERVER_MESSAGES.areaNotFound);
    const radius = entry.kind === 'city' ? PLACE_LIMITS.areaRadiusCityMeters : PLACE_LIMITS.areaRadiusNeighbourhoodMeters;
    return { area: areaOf(entry), establishments: await this.viewsOf(await this.placesAround(entry, radius, PLACE_LIMITS.areaEstablishmentsMax)) };
  }

  private async knownOrProvided(client: ClientInfo, placeId: string): Promise<EstablishmentRow> {
    const known = await this.places.byPlaceId(placeId);
    if (known) return known;
    if (placeId.startsWith(OWN_PLACE_PREFIX)) throw new AppError('NOT_FOUND', PLACE_SERVER_MESSAGES.notFound);
    const provided = await this.placeSearch.providerPlace(placeId);
    if (!provided) throw new AppError('NOT_FOUND', PLACE_SERVER_MESSAGES.searchAgain);
    const existing = await this.duplicateOf(provided);
    if (existing) return existing;
    await this.rateLimit.consume('placeCreateByIp', client.ip);
    // The client's `details` are not the provider's: nothing a guest sends is stored with the place.
    return this.create(provided, provided.place_id);
  }

  /**
   * The place here a review from elsewhere is at (issue 30): the nearest of the same name (letters and digits alike,
   * case aside) within `meters` of its coordinates, or undefined (it is then kept as the remote place it came as).
   */
  async sameNamedNear(name: string, point: LatLng, meters: number): Promise<EstablishmentRow | undefined> {
    const key = comparableName(name);
    return nearestWithin(await this.places.near(boxAround(point, meters)), point, meters, (row) => comparableName(row.name) === key);
  }

  /** The places within `meters` of a point, nearest first (equal distances oldest place first), at most `max`. */
  private async placesAround(point: LatLng, meters: number, max: number): Promise<EstablishmentRow[]> {
    return (await this.places.near(boxAround(point, meters)))
      .map((row) => ({ row, distance: distanceMeters(point, row) }))
      .filter(({ distance }) => distance <= meters)
      .sort((a, b) => a.distance - b.distance || a.row.id - b.row.id)
      .slice(0, max)
      .map(({ row }) => row);
  }

  /** The place's row, or 404. */
  async require(id: number): Promise<EstablishmentRow> {
    const row = await this.places.byId(id);
    if (!row) throw new AppError('NOT_FOUND', PLACE_SERVER_MESSAGES.notFound);
    return row;
  }

  private async nearestTo(point: LatLng, meters: number): Promise<EstablishmentRow | undefined> {
    return nearestWithin(await this.places.near(boxAround(point, meters)), point, meters);
  }

  /** The same real place under another id: the same name (any case) within PLACE_LIMITS.duplicateRadiusMeters. */
  private async duplicateOf(place: { name: string; lat: number; lng: number }): Promise<EstablishmentRow | undefined> {
    const name = place.name.toLowerCase();
    const radius = PLACE_LIMITS.duplicateRadiusMeters;
    return nearestWithin(await this.places.near(boxAround(place, radius)), place, radius, (row) => row.name.toLowerCase() === name);
  }

  /**
   * Check and insert in one write transaction awaiting nothing but the database, so concurrent selections of
   * one new place make one row (and the unique place_id stops any other writer). `placeId` null: one of ours.
   */
  private async create(place: NewPlace, placeId: string | null): Promise<EstablishmentRow> {
    return this.places.writeTransaction(async () => {
      const existing = (placeId ? await this.places.byPlaceId(placeId) : undefined) ?? (await this.duplicateOf(place));
      if (existing) return existing;
      const values = {
        placeId: placeId ?? `${OWN_PLACE_PREFIX}pending:${randomUUID()}`,
        slug: await this.places.slugFor({ name: place.name, city: place.city ?? '' }),
        name: place.name,
        street: place.street ?? '',
        city: place.city ?? '',
        state: place.state ?? '',
        zip: place.zip ?? '',
        country: place.country ?? '',
        lat: place.lat,
        lng: place.lng,
      };
      const row = (await this.places.insertIfNew(values)) ?? (await this.places.byPlaceId(values.placeId));
      if (!row) throw new AppError('CONFLICT');
      // Inside the transaction, which commits as this returns with nothing run in between; a rollback costs a miss.
      await this.cache.changed(STALE_AFTER.placeAdded(row.id));
      if (placeId) return row;
      // Our ids count establishments: the row's own id, known only once it is inserted.
      const ownId = `${OWN_PLACE_PREFIX}${row.id}`;
      await this.places.setPlaceId(row.id, ownId);
      return { ...row, placeId: ownId };
    });
  }

  private async viewOf(row: EstablishmentRow): Promise<Establishment> {
    return (await this.viewsOf([row]))[0];
  }

  /**
   * The place page's shape for each row, with a fixed number of queries however many rows (feed, area).
   * Counts and rating are the trigger-kept totals, which count active people's reviews only (as pins do).
   */
  async viewsOf(rows: EstablishmentRow[]): Promise<Establishment[]> {
    const ids = rows.map((row) => row.id);
    const [images, followers, hours, amenities] = await Promise.all([
      this.places.imagesOf(ids),
      this.places.followerCounts(ids),
      this.hours.pageHoursOf(rows),
      this.amenitySummaries.summariesOf(ids),
    ]);
    return rows.map((row) => ({
      establishment_id: row.id,
      place_id: row.placeId,
      slug: row.slug ?? '',
      name: row.name,
      street: row.street,
      city: row.city,
      state: row.state,
      locstate: row.state,
      locationstate: row.state,
      zip: row.zip,
      country: row.country,
      lat: row.lat,
      lng: row.lng,
      images: images.get(row.id) ?? [],
      posts: row.postCount,
      followers: followers.get(row.id) ?? 0,
      rating: formatRating(row.ratingSum, row.postCount),
      hours: hours.get(row.id) ?? null,
      amenities: amenities.get(row.id) ?? [],
      good_for_working: goodForWorking(row),
    }));
  }
}
