import { z } from 'zod';
import { LIMITS } from '../limits';
import { REVIEW_MESSAGES } from '../messages';
import { actingEmail, actingUsername, idField, optionalText, pageField, requiredText } from './fields';

export const ratingField = z.coerce
  .number({ error: `Rating must be ${LIMITS.ratingMin} to ${LIMITS.ratingMax}.` })
  .int()
  .min(LIMITS.ratingMin, { error: `Rating must be ${LIMITS.ratingMin} to ${LIMITS.ratingMax}.` })
  .max(LIMITS.ratingMax, { error: `Rating must be ${LIMITS.ratingMin} to ${LIMITS.ratingMax}.` })
  .default(LIMITS.ratingDefault);

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
});

export const postActionSchema = z.strictObject({ postid: idField, email: actingEmail });
export const isPostLikedSchema = z.strictObject({ postid: idField, username: actingUsername });
export const loadCommentsSchema = z.strictObject({ postid: idField });
export const addCommentSchema = z.strictObject({
  postid: idField,
  email: actingEmail,
  comment: requiredText('Enter a comment', LIMITS.commentMax),
});
export const pageSchema = z.strictObject({ limit: pageField(50).default(LIMITS.feedFirstPage), skip: pageField(1_000_000).default(0) });
export const userOrdersSchema = z.strictObject({
  username: z.string({ error: 'username is required.' }).trim().toLowerCase().min(1).max(LIMITS.emailMax),
  limit: pageField(LIMITS.ordersCarouselLimit).default(LIMITS.ordersCarouselLimit),
});
