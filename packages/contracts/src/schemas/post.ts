import { z } from 'zod';
import { LIMITS } from '../limits';
import { REVIEW_MESSAGES } from '../messages';
import { actingEmail, actingUsername, idField, optionalText, pageField, plainText, requiredText, wholeNumberField } from './fields';
import { DRINK_KINDS, DRINK_MESSAGES, DRINK_MILKS, DRINK_SWEETNESS, DRINK_TEMPERATURES, DRINK_TOPPINGS, normalizeToppings, type Drink, type DrinkSweetness } from '../drinks';
import { AMENITIES, type Amenity, type AmenityAnswers } from '../place-hours';

/** Post answers the spec leaves to the server. */
export const POST_MESSAGES = {
  notFound: 'Post not found',
  enterComment: 'Enter a comment',
  /** A fourth file, or a file under a name other than file1..file3. */
  tooManyImages: `At most ${LIMITS.reviewImagesMax} images per review.`,
  notAuthor: 'Only the author can change this review.',
  updated: 'Review updated.',
  deleted: 'Review deleted.',
  commentNotFound: 'Comment not found',
  notCommentAuthor: 'Only the comment’s author or the review’s author can delete this comment.',
} as const;

/** 1 to 5, as a number or the spec's string ('1' to '5'). */
export const ratingInput = wholeNumberField(`Rating must be ${LIMITS.ratingMin} to ${LIMITS.ratingMax}.`).pipe(
  z
    .number()
    .min(LIMITS.ratingMin, { error: `Rating must be ${LIMITS.ratingMin} to ${LIMITS.ratingMax}.` })
    .max(LIMITS.ratingMax, { error: `Rating must be ${LIMITS.ratingMin} to ${LIMITS.ratingMax}.` }),
);
/** A new review's rating: 5 unless chosen (spec §5). */
export const ratingField = ratingInput.default(LIMITS.ratingDefault);

/**
 * A review's drink details (issue 19): the kind is required once a drink is given, the rest optional. Toppings come
 * back each once in the list's order; 'none' stands alone.
 */
export const drinkInputSchema = z
  .strictObject(
    {
      kind: z.enum(DRINK_KINDS as [Drink['kind'], ...Drink['kind'][]], { error: DRINK_MESSAGES.kind }),
      temperature: z.enum(DRINK_TEMPERATURES, { error: DRINK_MESSAGES.temperature }).nullish(),
      milk: z.enum(DRINK_MILKS, { error: DRINK_MESSAGES.milk }).nullish(),
      sweetness: wholeNumberField(DRINK_MESSAGES.sweetness)
        .refine((value) => (DRINK_SWEETNESS as readonly number[]).includes(value), { error: DRINK_MESSAGES.sweetness })
        .nullish(),
      toppings: z
        .array(z.enum(DRINK_TOPPINGS, { error: DRINK_MESSAGES.toppings }), { error: DRINK_MESSAGES.toppings })
        .max(DRINK_TOPPINGS.length * 2, { error: DRINK_MESSAGES.toppings })
        .nullish(),
    },
    { error: 'drink must be an object with kind, and optionally temperature, milk, sweetness and toppings.' },
  )
  .transform((drink, ctx): Drink => {
    const toppings = normalizeToppings(drink.toppings ?? []);
    if (toppings.includes('none') && toppings.length > 1) ctx.issues.push({ code: 'custom', message: DRINK_MESSAGES.toppingsNone, input: drink.toppings });
    return {
      kind: drink.kind,
      temperature: drink.temperature ?? null,
      milk: drink.milk ?? null,
      sweetness: (drink.sweetness ?? null) as DrinkSweetness | null,
      toppings,
    };
  });

/** Drink details as a client sends them. */
export type DrinkInput = z.input<typeof drinkInputSchema>;

export const AMENITY_INPUT_MESSAGES = {
  notObject: 'amenities must be an object of yes/no answers, such as {"wifi": true, "outlets": false}.',
  notBoolean: (amenity: string) => `amenities.${amenity} must be true or false.`,
  unknown: (name: string) => `Unknown amenity: ${name}.`,
} as const;

/** Longer than any object of the twelve answers written out, spaces and all: a longer text is not one. */
const AMENITY_TEXT_MAX = 1_000;
const KNOWN_AMENITIES: ReadonlySet<string> = new Set(AMENITIES);

/** The answers of a review, validated key by key so the message names the bad one; only own keys are read. */
function toAmenityAnswers(value: unknown, ctx: z.RefinementCtx): AmenityAnswers {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: AMENITY_INPUT_MESSAGES.notObject });
    return z.NEVER;
  }
  const answers: AmenityAnswers = {};
  for (const [name, answer] of Object.entries(value)) {
    if (!KNOWN_AMENITIES.has(name)) {
      ctx.addIssue({ code: 'custom', message: AMENITY_INPUT_MESSAGES.unknown(name.slice(0, 50)) });
      return z.NEVER;
    }
    if (typeof answer !== 'boolean') {
      ctx.addIssue({ code: 'custom', message: AMENITY_INPUT_MESSAGES.notBoolean(name) });
      return z.NEVER;
    }
    answers[name as Amenity] = answer;
  }
  return answers;
}

/** How the API's documentation shows the answers (a custom schema has no JSON Schema of its own). */
function amenityAnswersDoc() {
  return {
    type: 'object' as const,
    description: `Yes/no answers about the place, keys from: ${AMENITIES.join(', ')}. An amenity absent is not answered.`,
    properties: Object.fromEntries(AMENITIES.map((amenity) => [amenity, { type: 'boolean' as const }])),
    additionalProperties: false,
  };
}

/**
 * A review's amenity answers (issue 31): `{ "wifi": true, "outlets": false }`, keys from AMENITIES, an amenity
 * absent is not answered.
 */
export const amenityAnswersSchema = z.custom<AmenityAnswers>().meta(amenityAnswersDoc()).transform(toAmenityAnswers);

/**
 * The same inside the add-post multipart `data` field, where a client may also send the object as JSON text (a
 * multipart form carries text).
 */
export const amenityAnswersField = z.custom<AmenityAnswers | string>().meta(amenityAnswersDoc()).transform((value, ctx) => {
  if (typeof value !== 'string') return toAmenityAnswers(value, ctx);
  let parsed: unknown;
  try {
    parsed = value.length <= AMENITY_TEXT_MAX ? JSON.parse(value) : undefined;
  } catch {
    parsed = undefined;
  }
  return toAmenityAnswers(parsed, ctx);
});

/** The JSON `data` field of the add-post multipart body. */
export const addPostDataSchema = z.strictObject({
  email: actingEmail,
  place_id: requiredText(REVIEW_MESSAGES.selectLocation),
  establishment_name: requiredText(REVIEW_MESSAGES.selectLocation),
  order: requiredText(REVIEW_MESSAGES.enterOrder, LIMITS.orderTextMax),
  review: requiredText(REVIEW_MESSAGES.enterReview, LIMITS.reviewTextMax),
  rating: ratingField,
  filetype: z.literal('image').optional(),
  street: optionalText(),
  city: optionalText(),
  zip: optionalText(),
  state: optionalText(),
  country: optionalText(),
  details: z.unknown().optional(),
  /** Optional; null or absent means no details. */
  drink: drinkInputSchema.nullish(),
  /** Optional; absent means none answered. */
  amenities: amenityAnswersField.optional(),
});

export const postIdSchema = z.strictObject({ postid: idField });
/** The places a person has reviewed, most recent first (the Quick Post location list). */
export const userPlacesSchema = z.strictObject({ email: actingEmail });
/** The author changes what they wrote; photos and place stay. */
export const updatePostSchema = z.strictObject({
  postid: idField,
  email: actingEmail,
  order: requiredText(REVIEW_MESSAGES.enterOrder, LIMITS.orderTextMax),
  review: requiredText(REVIEW_MESSAGES.enterReview, LIMITS.reviewTextMax),
  rating: ratingInput,
  /** Absent: the drink stays as it was; null: its details are removed. */
  drink: drinkInputSchema.nullish(),
  /** Absent: the answers stay as they were; given, they replace them all ({} clears them). */
  amenities: amenityAnswersSchema.optional(),
});

export const postActionSchema = z.strictObject({ postid: idField, email: actingEmail });
export const isPostLikedSchema = z.strictObject({ postid: idField, username: actingUsername });
export const addCommentSchema = z.strictObject({
  postid: idField,
  email: actingEmail,
  comment: requiredText(POST_MESSAGES.enterComment, LIMITS.commentMax),
});
/**
 * The REST feed's paging (spec §7). `skip` costs the server a walk over that many reviews, so it stops at
 * FEED_SKIP_MAX; the web app pages deeper by cursor at no extra cost.
 */
export const FEED_SKIP_MAX = 100_000;
export const pageSchema = z.strictObject({ limit: pageField(50).default(LIMITS.feedFirstPage), skip: pageField(FEED_SKIP_MAX).default(0) });

/**
 * Where the web app's feed goes on from: the last post shown, as `{created_at ms}_{id}`. Opaque to the client;
 * paging after a (time, id) pair instead of skipping rows means new posts cause no duplicates and no gaps.
 */
export const feedCursorField = plainText({ error: 'Invalid cursor.' }).regex(/^\d{1,15}_\d{1,15}$/, { error: 'Invalid cursor.' });
export const recentPostsCursorSchema = z.strictObject({
  limit: pageField(50).default(LIMITS.feedFirstPage),
  cursor: feedCursorField.nullish(),
});
/** The comment's author or the review's author deletes a comment. */
export const deleteCommentSchema = z.strictObject({
  comment_id: idField,
  /** A reply from someone on another server (issue 30, a comment listed with `remote`): only the review's author removes it. */
  remote: z.boolean({ error: 'remote must be true or false.' }).optional(),
});
export const userOrdersSchema = z.strictObject({
  username: plainText({ error: 'username is required.' }).trim().toLowerCase().min(1).max(LIMITS.emailMax),
  limit: pageField(LIMITS.ordersCarouselLimit).default(LIMITS.ordersCarouselLimit),
});
