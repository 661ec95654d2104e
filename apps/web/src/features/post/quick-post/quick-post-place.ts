// Apart from quick-post-form.ts (which holds the post schema, and so zod) because the app shell's QuickPostProvider
// needs it: whatever the shell imports is in every page's entry script.

/** A place a review can be posted to: `place_id` is what the API posts by; a provider's new place has no establishment yet. */
export interface QuickPostPlace {
  place_id: string;
  establishment_id?: number;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** Only what a post needs, whatever richer place object the caller holds (an establishment, a search result's place). */
export function postablePlace(place: QuickPostPlace): QuickPostPlace {
  const { place_id, establishment_id, name, street, city, state, zip, country } = place;
  return { place_id, establishment_id, name, street, city, state, zip, country };
}
