import { Inject, Injectable } from '@nestjs/common';
import type { DB } from '@siplog/db';
import { DATABASE } from '../database/database.module';

@Injectable()
export class PlaceService {
  constructor(@Inject(DATABASE) private readonly db: DB) {}
}
