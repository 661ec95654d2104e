import { SAFETY_MESSAGES } from '@siplog/contracts';
import { httpStatusOf, specificServerMessage } from '../../lib/trpc-errors';

/**
 * The text to show when a follow, like or comment is refused because of a block between the two people (403, issue
 * 17: "You can't interact with this person."); null for any other failure, which the caller handles as before.
 */
export function interactionRefusal(error: unknown): string | null {
  if (httpStatusOf(error) !== 403) return null;
  return specificServerMessage(error) ?? SAFETY_MESSAGES.cannotInteract;
}
