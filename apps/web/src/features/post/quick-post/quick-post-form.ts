import {
  addPostDataSchema,
  LIMITS,
  PLACE_SERVER_MESSAGES,
  POST_MESSAGES,
  REVIEW_MESSAGES,
  SERVER_MESSAGES,
  type AmenityAnswers,
  type Drink,
  type PlaceSearchResult,
} from '@siplog/contracts';
import type { z } from 'zod';
import type { QuickPostPlace } from './quick-post-place';


export type QuickPostField = 'location' | 'images' | 'order' | 'review' | 'rating';

/** What the checks read of a picked file (a File in the browser). */
export interface ImageFileLike {
  readonly type: string;
  readonly size: number;
}

export interface QuickPostDraft {
  email: string;
  location: QuickPostPlace | null;
  order: string;
  review: string;
  rating: number;
  /** Optional drink details (issue 19). */
  drink?: Drink | null;
  /** Optional yes/no answers about the place's amenities (issue 31); only the answered ones. */
  amenities?: AmenityAnswers;
  files: readonly ImageFileLike[];
}

/** The JSON `data` field of /api/post/addpostwithimages. */
export type AddPostData = z.output<typeof addPostDataSchema>;

export type QuickPostCheck = { ok: true; data: AddPostData } | { ok: false; field: QuickPostField; message: string };

/** Spec §5: an image type, and under 50,000,000 bytes; null when the file may be sent. */
export function checkImageFile(file: ImageFileLike): string | null {
  if (!file.type.startsWith('image/')) return REVIEW_MESSAGES.invalidFileType;
  if (file.size >= LIMITS.reviewImageBytesMax) return REVIEW_MESSAGES.fileTooLarge;
  return null;
}

/**
 * Files just picked, added to `keptCount` already chosen: the good ones that fit under the limit of 3, and the first
 * reason a file was left out (its type, its size, or no room).
 */
export function acceptPickedFiles<F extends ImageFileLike>(keptCount: number, picked: readonly F[]): { accepted: F[]; problem: string | null } {
  const accepted: F[] = [];
  let problem: string | null = null;
  for (const file of picked) {
    const fileProblem = checkImageFile(file) ?? (keptCount + accepted.length >= LIMITS.reviewImagesMax ? POST_MESSAGES.tooManyImages : null);
    if (fileProblem) problem ??= fileProblem;
    else accepted.push(file);
  }
  return { accepted, problem };
}

const FIELD_OF_DATA_KEY: Partial<Record<string, QuickPostField>> = { order: 'order', review: 'review', rating: 'rating' };

/**
 * Spec §5 Add review, in its order: a location, the order, the review, at least one image, then each image's type
 * and size. The text checks are the server's own schema, so both refuse the same drafts with the same words.
 */
export function checkQuickPost(draft: QuickPostDraft): QuickPostCheck {
  const { location } = draft;
  const parsed = addPostDataSchema.safeParse({
    email: draft.email,
    place_id: location?.place_id ?? '',
    establishment_name: location?.name ?? '',
    order: draft.order,
    review: draft.review,
    rating: draft.rating,
    filetype: 'image',
    street: location?.street ?? '',
    city: location?.city ?? '',
    zip: location?.zip ?? '',
    state: location?.state ?? '',
    country: location?.country ?? '',
    drink: draft.drink ?? null,
    // Sent only when something was answered: the data field stays as it was for everyone else.
    ...(draft.amenities && Object.keys(draft.amenities).length > 0 && { amenities: draft.amenities }),
  });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return { ok: false, field: FIELD_OF_DATA_KEY[String(issue.path[0])] ?? 'location', message: issue.message };
  }
  if (draft.files.length === 0) return { ok: false, field: 'images', message: REVIEW_MESSAGES.uploadOneImage };
  if (draft.files.length > LIMITS.reviewImagesMax) return { ok: false, field: 'images', message: POST_MESSAGES.tooManyImages };
  for (const file of draft.files) {
    const problem = checkImageFile(file);
    if (problem) return { ok: false, field: 'images', message: problem };
  }
  return { ok: true, data: parsed.data };
}

const SERVER_MESSAGE_FIELDS: Array<[QuickPostField, readonly string[]]> = [
  ['location', [REVIEW_MESSAGES.selectLocation, PLACE_SERVER_MESSAGES.notFound, PLACE_SERVER_MESSAGES.searchAgain]],
  ['order', [REVIEW_MESSAGES.enterOrder]],
  ['review', [REVIEW_MESSAGES.enterReview]],
  [
    'images',
    [
      REVIEW_MESSAGES.uploadOneImage,
      REVIEW_MESSAGES.invalidFileType,
      REVIEW_MESSAGES.fileTooLarge,
      POST_MESSAGES.tooManyImages,
      SERVER_MESSAGES.imageTooManyPixels,
    ],
  ],
];

/** The field a server refusal is about (a photo it could not read, a place it lost), so the form can point at it. */
export function fieldOfServerMessage(message: string): QuickPostField | null {
  return SERVER_MESSAGE_FIELDS.find(([, messages]) => messages.includes(message))?.[0] ?? null;
}

/** A search result a review can be posted to: a place on Siplog, or a provider's place; never an area. */
export function isPostablePlace(result: PlaceSearchResult): boolean {
  if (result.kind === 'establishment') return result.establishment_id !== undefined;
  return result.kind === 'place' && result.place_info !== undefined;
}

/** A provider's search result as a place to post to (the API creates its establishment with the post). */
export function placeOfProviderResult(result: PlaceSearchResult): QuickPostPlace | null {
  const info = result.place_info;
  if (result.kind !== 'place' || !info) return null;
  return { place_id: info.place_id, name: info.name, street: info.street, city: info.city, state: info.state, zip: info.zip, country: info.country };
}

/** A typed filter over the person's own places: the name or address holds every word typed, any case. */
export function matchesPlace(place: Pick<QuickPostPlace, 'name' | 'street' | 'city'>, typed: string): boolean {
  const haystack = `${place.name} ${place.street} ${place.city}`.toLocaleLowerCase();
  return typed
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The failure dialog's second line: the server's own reason, when it gave one other than the spec's 'Invalid post'. */
export function failureDetail(message: string | null | undefined): string | null {
  const text = message?.trim();
  return text && text !== REVIEW_MESSAGES.failed.body ? text : null;
}
