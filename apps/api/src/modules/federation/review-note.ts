import { Temporal } from '@js-temporal/polyfill';
import { Hashtag, Image, Note, Place, PUBLIC_COLLECTION } from '@fedify/fedify/vocab';
import { DRINK_GROUP_LABELS, drinkGroupOf, drinkLabel, type Establishment } from '@siplog/contracts';
import type { PostView } from '../post/post.service';

export interface ReviewNoteAddresses {
  origin: string;
  noteUri: URL;
  actorUri: URL;
  followersUri: URL;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A hashtag's name for a place: its words run together ("Container Coffee" → "ContainerCoffee"). */
export function placeHashtag(name: string): string | null {
  const words = name.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const tag = words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
  return tag.length > 0 ? tag : null;
}

/** Five stars, filled as many as the rating, then the number for readers of plain text ("★★★★☆ 4/5"). */
export function stars(rating: number): string {
  const whole = Math.max(0, Math.min(5, Math.round(rating)));
  return `${'★'.repeat(whole)}${'☆'.repeat(5 - whole)} ${whole}/5`;
}

const addressOf = (place: Establishment) =>
  [place.street, place.city, [place.state, place.zip].filter(Boolean).join(' '), place.country].filter((part) => part && part.trim()).join(', ');

/**
 * A review as an ActivityPub Note, shaped for what Mastodon renders: no `summary` (Mastodon shows it as a content
 * warning), the stars and the order in the text, up to three photos with alt text, the place as a `Place` location
 * (name, address, coordinates), hashtags for the drink's family and the place, and a link back.
 */
export function reviewNote(post: PostView, place: Establishment, at: ReviewNoteAddresses): Note {
  const postUrl = new URL(`/post/${post.post_id}`, at.origin);
  const placeUrl = new URL(`/view/${place.establishment_id}`, at.origin);
  const order = post.drink ? `${post.order} (${drinkLabel(post.drink)})` : post.order;
  const group = post.drink ? drinkGroupOf(post.drink.kind) : null;
  const tags: Array<{ name: string; href: URL }> = [];
  if (group && group !== 'other') tags.push({ name: DRINK_GROUP_LABELS[group].toLowerCase(), href: new URL('/', at.origin) });
  const placeTag = placeHashtag(place.name);
  if (placeTag) tags.push({ name: placeTag, href: placeUrl });

  const paragraphs = [
    `<p>${escapeHtml(stars(Number(post.rating)))} <strong>${escapeHtml(order)}</strong> at <a href="${placeUrl.href}">${escapeHtml(place.name)}</a></p>`,
    ...post.review
      .split(/\n{2,}/)
      .filter((text) => text.trim())
      .map((text) => `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`),
    `<p>${tags.map((tag) => `<a href="${tag.href.href}" class="mention hashtag" rel="tag">#<span>${escapeHtml(tag.name)}</span></a>`).join(' ')}${tags.length ? ' ' : ''}<a href="${postUrl.href}">${escapeHtml(postUrl.href)}</a></p>`,
  ];
  return new Note({
    id: at.noteUri,
    attribution: at.actorUri,
    to: PUBLIC_COLLECTION,
    cc: at.followersUri,
    url: postUrl,
    published: Temporal.Instant.from(post.post_date),
    content: paragraphs.join(''),
    attachments: post.images.slice(0, 3).map(
      (name, index) =>
        new Image({
          url: new URL(`/api/showimage/image/postimages/${encodeURIComponent(name)}`, at.origin),
          mediaType: name.endsWith('.webp') ? 'image/webp' : null,
          name: `Photo ${index + 1} of ${order} at ${place.name}`,
        }),
    ),
    location: new Place({
      name: place.name,
      latitude: place.lat,
      longitude: place.lng,
      summary: addressOf(place) || null,
      url: placeUrl,
    }),
    tags: tags.map((tag) => new Hashtag({ name: `#${tag.name}`, href: tag.href })),
  });
}
