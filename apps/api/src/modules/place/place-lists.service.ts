import { Injectable } from '@nestjs/common';
import { PLACE_LIST_LIMITS, PLACE_LIST_MESSAGES, type BestOrder, type Establishment } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { bestOrders } from './best-orders';
import { PlaceListsRepository } from './place-lists.repository';
import { PlaceService } from './place.service';

/** Issue 19's lists of places: a place's best orders, and a person's Want to try list. */
@Injectable()
export class PlaceListsService {
  constructor(
    private readonly lists: PlaceListsRepository,
    private readonly places: PlaceService,
  ) {}

  /** Best first, at most 10; none for a place with fewer than 3 reviews. An unknown place is 404. */
  async bestOrders(establishmentId: number): Promise<{ orders: BestOrder[] }> {
    await this.places.require(establishmentId);
    return { orders: bestOrders(await this.lists.orders(establishmentId)) };
  }

  /** Idempotent; 404 for an unknown place, 400 once the list holds PLACE_LIST_LIMITS.wantToTryMax places. */
  async addWantToTry(actor: AuthUser, establishmentId: number): Promise<{ status: 200 }> {
    await this.places.require(establishmentId);
    const full = (await this.lists.wantToTryCount(actor.id)) >= PLACE_LIST_LIMITS.wantToTryMax;
    if (full && !(await this.lists.isWantToTry(actor.id, establishmentId))) throw new AppError('BAD_REQUEST', PLACE_LIST_MESSAGES.wantToTryFull);
    await this.lists.addWantToTry(actor.id, establishmentId);
    return { status: 200 };
  }

  /** Idempotent: removing a place that is not on the list changes nothing. An unknown place is 404. */
  async removeWantToTry(actor: AuthUser, establishmentId: number): Promise<{ status: 200 }> {
    await this.places.require(establishmentId);
    await this.lists.removeWantToTry(actor.id, establishmentId);
    return { status: 200 };
  }

  /** The person's Want to try places, most recently added first, in the place page's shape. */
  async wantToTryList(actor: AuthUser): Promise<{ places: Establishment[] }> {
    return { places: await this.places.viewsOf(await this.lists.wantToTry(actor.id)) };
  }

  /** Reviewing a place takes it off the reviewer's list (called inside the review's transaction). */
  async reviewed(userId: number, establishmentId: number): Promise<void> {
    await this.lists.removeWantToTry(userId, establishmentId);
  }
}
