import { Injectable } from '@nestjs/common';
import { LocalEvents } from '../../common/local-events';

/**
 * Accounts leaving: `erasing` just before a person's data is erased, `suspending` just before a suspension is written
 * (listeners may still read the person), and coming back: `unsuspended` once it is lifted. Federation tells the
 * person's followers elsewhere (issue 30).
 */
@Injectable()
export class AccountEvents extends LocalEvents<{ erasing: { userId: number }; suspending: { userId: number }; unsuspended: { userId: number } }> {
  constructor() {
    super(AccountEvents.name);
  }
}
