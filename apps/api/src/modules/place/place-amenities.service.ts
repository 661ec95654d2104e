import { Inject, Injectable } from '@nestjs/common';
import { AMENITIES, AMENITY_BITS, AMENITY_LABELS, amenityVerdict, type Amenity, type AmenitySummary } from '@siplog/contracts';
import type { Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import { PlaceAmenitiesRepository } from './place-amenities.repository';

/** Each place's answers per amenity, newest first. */
type AnswersByPlace = Map<number, Map<Amenity, boolean[]>>;

/**
 * What reviewers say of places' amenities (issue 31): the place page's summaries, and the verdict bits the map's
 * filters read (establishments.amenities_yes / amenities_no). Only active people's reviews count, so the bits are
 * recounted whenever a review's answers change and whenever a person leaves or comes back.
 */
@Injectable()
export class PlaceAmenitiesService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly repository: PlaceAmenitiesRepository,
  ) {}

  /** For each place, each answered amenity in AMENITIES order (places nobody answered about map to []). One query. */
  async summariesOf(establishmentIds: readonly number[]): Promise<Map<number, AmenitySummary[]>> {
    const answers = await this.answersByPlace(establishmentIds);
    return new Map(
      establishmentIds.map((id) => {
        const ofPlace = answers.get(id);
        const summaries = AMENITIES.flatMap((amenity): AmenitySummary[] => {
          const said = ofPlace?.get(amenity);
          if (!said) return [];
          const yes = said.filter(Boolean).length;
          return [{ amenity, label: AMENITY_LABELS[amenity], yes, total: said.length, verdict: amenityVerdict(said) }];
        });
        return [id, summaries];
      }),
    );
  }

  /** Recomputes these places' verdict bits from their answers now and stores them (in one transaction). */
  async recount(establishmentIds: readonly number[]): Promise<void> {
    const ids = [...new Set(establishmentIds)];
    if (ids.length === 0) return;
    await this.db.transaction(async () => {
      const answers = await this.answersByPlace(ids);
      for (const id of ids) await this.repository.setBits(id, verdictBits(answers.get(id)));
    });
  }

  /**
   * The places whose verdicts may move when this person leaves or comes back (suspension, deactivation, erasure):
   * where their reviews answered anything. Ask before erasing them, recount after.
   */
  placesAnsweredBy(userId: number): Promise<number[]> {
    return this.repository.placesAnsweredBy(userId);
  }

  /** After a person's active state changed: the places they answered about, recounted. */
  async recountPlacesOf(userId: number): Promise<void> {
    await this.recount(await this.placesAnsweredBy(userId));
  }

  private async answersByPlace(establishmentIds: readonly number[]): Promise<AnswersByPlace> {
    const byPlace: AnswersByPlace = new Map();
    if (establishmentIds.length === 0) return byPlace;
    for (const row of await this.repository.answersAt(establishmentIds)) {
      const ofPlace = byPlace.get(row.establishmentId) ?? new Map<Amenity, boolean[]>();
      byPlace.set(row.establishmentId, ofPlace);
      const amenity = row.amenity as Amenity;
      const said = ofPlace.get(amenity);
      if (said) said.push(row.value);
      else ofPlace.set(amenity, [row.value]);
    }
    return byPlace;
  }
}

/** An amenity's bit is set in `yes` when its verdict is yes, in `no` when it is no; neither when unsure or unanswered. */
function verdictBits(answers: Map<Amenity, boolean[]> | undefined): { yes: number; no: number } {
  let yes = 0;
  let no = 0;
  for (const [amenity, said] of answers ?? []) {
    const verdict = amenityVerdict(said);
    if (verdict === 'yes') yes |= AMENITY_BITS[amenity];
    else if (verdict === 'no') no |= AMENITY_BITS[amenity];
  }
  return { yes, no };
}
