import { Inject, Injectable } from '@nestjs/common';
import { ACTIVE_USER_SQL, JSON_IDS, type Database, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** One answer about a place's amenity, as the aggregation reads them: newest first within each place. */
export interface PlaceAnswerRow {
  establishmentId: number;
  amenity: string;
  value: boolean;
}

/** Reading the answers of many places at once and keeping their verdict bits on establishments (issue 31). */
@Injectable()
export class PlaceAmenitiesRepository {
  private readonly answersQuery: Statement<PlaceAnswerRow>;
  private readonly placesAnsweredByQuery: Statement<{ establishmentId: number }>;
  private readonly setBitsQuery: Statement<never>;

  constructor(@Inject(DATABASE) db: Database) {
    // Through posts_establishment_idx (establishment_id, created_at) and the answers' primary key (post_id, amenity).
    this.answersQuery = db.statement<PlaceAnswerRow>(
      `select p.establishment_id as "establishmentId", a.amenity, a.value
         from posts p
         join users u on u.id = p.user_id and ${ACTIVE_USER_SQL('u')}
         join post_amenities a on a.post_id = p.id
        where p.establishment_id in (${JSON_IDS(':ids')})
        order by p.establishment_id, p.created_at desc, p.id desc`,
      { booleans: ['value'] },
    );
    this.placesAnsweredByQuery = db.statement<{ establishmentId: number }>(
      `select distinct p.establishment_id as "establishmentId" from posts p
        where p.user_id = :userId and exists (select 1 from post_amenities a where a.post_id = p.id)`,
    );
    this.setBitsQuery = db.statement(`update establishments set amenities_yes = :yes, amenities_no = :no where id = :id`);
  }

  /** The answers of active people's reviews at these places, grouped by place, newest first within each. */
  async answersAt(establishmentIds: readonly number[]): Promise<PlaceAnswerRow[]> {
    return this.answersQuery.all({ ids: JSON.stringify(establishmentIds) });
  }

  /** The places where this person's reviews answered anything, whether or not they are active. */
  async placesAnsweredBy(userId: number): Promise<number[]> {
    return (await this.placesAnsweredByQuery.all({ userId })).map((row) => row.establishmentId);
  }

  async setBits(establishmentId: number, bits: { yes: number; no: number }): Promise<void> {
    await this.setBitsQuery.run({ id: establishmentId, ...bits });
  }
}
