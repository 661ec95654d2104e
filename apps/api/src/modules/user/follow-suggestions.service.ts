import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { BlockService } from '../block/block.service';
import { PlaceService } from '../place/place.service';
import { FollowSuggestionsRepository, type ActiveReviewerRow } from './follow-suggestions.repository';

/** How many of each the empty Following feed suggests. */
export const SUGGESTIONS_MAX = 4;
/** "Most active": reviews in this window; the ranking is kept this long (it counts a month of reviews). */
const ACTIVE_WINDOW_MS = 30 * 24 * 60 * 60_000;
const RANKING_TTL_MS = 5 * 60_000;
/** Boxes tried around the map's centre, in degrees each way (about 10 km, then 100 km), until enough places show. */
const PLACE_BOXES = [0.1, 1];

export interface SuggestedPlace {
  establishment_id: number;
  name: string;
  street: string;
  city: string;
  posts: number;
  rating: number;
}

export type SuggestedPerson = Omit<ActiveReviewerRow, 'id'>;

/**
 * What the empty Following feed offers to follow: the most reviewed places near the map's centre and the people who
 * reviewed most in the last month, leaving out the caller and what they follow already.
 */
@Injectable()
export class FollowSuggestionsService {
  private ranking: { at: number; people: Array<SuggestedPerson & { id: number }> } | null = null;

  constructor(
    private readonly suggestions: FollowSuggestionsRepository,
    private readonly places: PlaceService,
    private readonly blocks: BlockService,
  ) {}

  async suggest(actor: AuthUser, at: { lat: number; lng: number }): Promise<{ places: SuggestedPlace[]; people: SuggestedPerson[] }> {
    const followedPeople = new Set(await this.suggestions.followedUsernames(actor.id));
    const followedPlaces = new Set(await this.suggestions.followedPlaceIds(actor.id));
    const hidden = await this.blocks.hiddenFor(actor);
    const people = (await this.mostActive())
      .filter((person) => person.id !== actor.id && !followedPeople.has(person.username) && !hidden.includes(person.id))
      .slice(0, SUGGESTIONS_MAX)
      .map(({ id: _id, ...person }) => person);
    return { places: await this.placesNear(at, followedPlaces), people };
  }

  private async placesNear(at: { lat: number; lng: number }, followed: Set<number>): Promise<SuggestedPlace[]> {
    let found: SuggestedPlace[] = [];
    for (const span of PLACE_BOXES) {
      const box = { south: at.lat - span, north: at.lat + span, west: at.lng - span, east: at.lng + span };
      found = (await this.places.mostReviewedInBox(box, SUGGESTIONS_MAX + followed.size))
        .filter((row) => row.postCount > 0 && !followed.has(row.id))
        .slice(0, SUGGESTIONS_MAX)
        .map((row) => ({
          establishment_id: row.id,
          name: row.name,
          street: row.street,
          city: row.city,
          posts: row.postCount,
          rating: Math.round((row.ratingSum / row.postCount) * 10) / 10,
        }));
      if (found.length === SUGGESTIONS_MAX) break;
    }
    return found;
  }

  /** The month's most active reviewers, counted at most every few minutes (a month of reviews is many rows). */
  private async mostActive(): Promise<Array<SuggestedPerson & { id: number }>> {
    const now = Date.now();
    if (!this.ranking || now - this.ranking.at > RANKING_TTL_MS) {
      this.ranking = { at: now, people: await this.suggestions.mostActiveReviewers(now - ACTIVE_WINDOW_MS, 50) };
    }
    return this.ranking.people;
  }
}
