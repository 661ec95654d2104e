import { httpStatusOf, specificServerMessage } from '../../lib/trpc-errors';

/**
 * The text to show when a follow, like or comment is refused because of a block between the two people (403, issue
 * 17: the server's "You can't interact with this person."); null for any other failure, which the caller handles as
 * before. The server's own words are shown: importing the contracts' safety messages here would bring their zod
 * schemas into every profile page's first load.
 */
export function interactionRefusal(error: unknown): string | null {
  return httpStatusOf(error) === 403 ? specificServerMessage(error) : null;
}
