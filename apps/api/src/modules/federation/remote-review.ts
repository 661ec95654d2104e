import type { Context } from '@fedify/fedify';
import { Document, Link, Place, type Article, type Note } from '@fedify/fedify/vocab';
import { LIMITS } from '@siplog/contracts';
import type { RemoteReviewPhoto } from '../post/remote-reviews.repository';
import type { RemoteReviewArrival } from '../post/remote-reviews.service';
import { webLink } from './remote-actor-record';
import { cut, noteHtml, plainText } from './remote-reply';

/** "★★★★☆ 4/5", as Siplog writes a rating (review-note.ts), or a bare "4/5" elsewhere in the text. */
const STARS_RATING = /[★☆]{5}\s*([1-5])\s*\/\s*5/;
const BARE_RATING = /(?:^|[\s(])([1-5])\s*\/\s*5(?![\d/])/;
/** Siplog's first line after the stars: "<order> at <place>". */
const ORDER_AT_PLACE = /^(.*)\s+at\s+.+$/;
/** A last line of only hashtags and links (Siplog's tags and link back, Mastodon's hashtags). */
const TAGS_AND_LINKS = /^(?:\s*(?:#[\p{L}\p{N}_]+|https?:\/\/\S+))+\s*$/u;

/** Photos kept of a review, as Siplog sends them (review-note.ts) and shown here. */
export const REMOTE_REVIEW_PHOTOS_MAX = 3;
/** Alt text kept of a photo. */
export const REMOTE_PHOTO_ALT_MAX = 200;
/** Attachments looked at: past these, a post's attachments are not read (Mastodon sends at most four). */
const ATTACHMENTS_READ_MAX = 8;
/** A URL whose path names an image file, for attachments that do not say their media type. */
const IMAGE_PATH = /\.(?:jpe?g|png|webp|gif|avif|heic|heif|tiff?)$/i;

const coordinate = (value: number | null, limit: number) => (value !== null && Number.isFinite(value) && Math.abs(value) <= limit ? value : null);

/**
 * A post from elsewhere as a review, when it is one: it carries a `Place` location and a rating (the stars Siplog
 * writes, or "N/5" in its text). Other posts are not reviews and answer null. The text is read as plain text; a
 * Siplog review's first line gives its order, and a last line of only tags and links is left out.
 */
export async function remoteReviewOf(ctx: Context<void>, note: Note | Article, actorId: number): Promise<RemoteReviewArrival | null> {
  if (!note.id) return null;
  const place = await note.getLocation({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true });
  const placeName = place instanceof Place && place.name !== null ? plainText(String(place.name)) : '';
  if (!(place instanceof Place) || placeName === '') return null;
  const lines = plainText(noteHtml(note)).split('\n');
  const starred = STARS_RATING.exec(lines[0] ?? '');
  const rating = starred ?? BARE_RATING.exec(lines.join('\n'));
  if (!rating) return null;
  let orderText = '';
  if (starred) {
    const rest = (lines[0] ?? '').slice(starred.index + starred[0].length).trim();
    orderText = ORDER_AT_PLACE.exec(rest)?.[1] ?? rest;
    lines.shift();
  }
  if (lines.length > 0 && TAGS_AND_LINKS.test(lines.at(-1)!)) lines.pop();
  const now = Date.now();
  return {
    actorId,
    uri: note.id.href,
    url: webLink(note.url),
    rating: Number(rating[1]),
    orderText: cut(orderText, LIMITS.orderTextMax),
    body: cut(lines.join('\n').trim(), LIMITS.reviewTextMax),
    placeName: cut(placeName, LIMITS.textFieldMax),
    placeAddress: cut(place.summary === null ? '' : plainText(String(place.summary)), LIMITS.addressMax),
    placeUrl: webLink(place.url),
    lat: coordinate(place.latitude, 90),
    lng: coordinate(place.longitude, 180),
    createdAt: Math.min(note.published?.epochMilliseconds ?? now, now),
    imageSources: await photosOf(ctx, note),
  };
}

/**
 * Up to three image attachments, in order: an `Image` or `Document` whose media type is an image (or, when it names
 * none, whose URL is an image file), with an http(s) URL; its `name` is the alt text. Others are left out.
 */
async function photosOf(ctx: Context<void>, note: Note | Article): Promise<RemoteReviewPhoto[]> {
  const photos: RemoteReviewPhoto[] = [];
  let read = 0;
  for await (const attachment of note.getAttachments({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true })) {
    if (++read > ATTACHMENTS_READ_MAX || photos.length >= REMOTE_REVIEW_PHOTOS_MAX) break;
    if (!(attachment instanceof Document)) continue;
    const link = attachment.url;
    const url = webLink(link);
    const mediaType = attachment.mediaType ?? (link instanceof Link ? link.mediaType : null);
    const isImage = mediaType ? /^image\//i.test(mediaType) : url !== null && IMAGE_PATH.test(new URL(url).pathname);
    if (url === null || !isImage) continue;
    const alt = attachment.name === null ? '' : String(attachment.name).trim();
    photos.push({ url, alt: cut(alt, REMOTE_PHOTO_ALT_MAX) });
  }
  return photos;
}
