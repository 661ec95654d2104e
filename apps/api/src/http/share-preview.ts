import { drinkLabel, formatAddressLine, postPath, type Establishment } from '@siplog/contracts';
import type { AppConfig } from '../config/app.config';
import type { PostView } from '../modules/post/post.service';
import type { PublicProfile } from '../modules/user/user.service';

/**
 * Share previews (issue 19): what a chat app, a social site or a search engine shows for a link to a review, a place or
 * a person, as Open Graph and Twitter card tags in the page's head, made on the server from the same public reads the
 * page itself makes (so the public cache keeps and invalidates them with the page, see public-reads.ts tagsOfPage).
 */
export interface SharePreview {
  /** og:type */
  type: 'article' | 'website' | 'profile';
  title: string;
  description: string;
  /** The page's own path (/post/12, /view/3, /user/ann): og:url, made absolute. */
  path: string;
  /** A path on this server (a stored photo at a shareable size), made absolute; null when there is no picture. */
  imagePath: string | null;
}

/** How long a description may be, in characters (code points: an emoji is never cut in two), whatever it is made of. */
export const PREVIEW_TEXT_MAX = 200;

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * The address previews make their URLs absolute with: PUBLIC_URL when it is set. Unset, the request's Host is used only
 * when it is a loopback name (localhost, 127.x.x.x, [::1]: a developer's own machine), where nobody else can be sent a
 * page made with it. Any other Host is the client's say-so (a forged one would put another site's address in the
 * page), so the preview then carries no absolute URL at all (no og:url, no og:image): null.
 */
export function previewOrigin(config: Pick<AppConfig, 'publicUrl' | 'publicUrlSet'>, host: string | undefined): string | null {
  if (config.publicUrlSet) return config.publicUrl;
  return host !== undefined && LOOPBACK_HOST.test(host) ? `http://${host.toLowerCase()}` : null;
}

/** At most `max` characters (code points), whitespace at the ends trimmed. */
function firstChars(text: string, max = PREVIEW_TEXT_MAX): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  return Array.from(trimmed).slice(0, max).join('').trimEnd();
}

function stars(rating: string | number): string {
  const value = Math.round(Number(rating));
  return Number.isFinite(value) ? '★'.repeat(Math.min(5, Math.max(0, value))) : '';
}

function imageOf(folder: 'postimages' | 'profileimages', file: string | undefined, size: 'card' | null): string | null {
  if (!file) return null;
  return `/api/showimage/image/${folder}/${encodeURIComponent(file)}${size ? `?size=${size}` : ''}`;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** 'Oat milk cortado at Dark Matter Coffee · ★★★★★'; the review's first 200 characters (the place's address when it has no text). */
export function reviewPreview(post: PostView): SharePreview {
  const what = post.drink ? drinkLabel(post.drink) : post.order.trim();
  const title = [what ? `${what} at ${post.establishment_name}` : post.establishment_name, stars(post.rating)].filter(Boolean).join(' · ');
  const address = formatAddressLine({ street: post.est_street, city: post.est_city, state: post.est_state, zip: post.est_zip, country: post.est_country });
  return {
    type: 'article',
    title,
    description: firstChars(post.review || [post.establishment_name, address].filter(Boolean).join(', ')),
    path: postPath(post.post_id),
    // The feed card's size (800 px): large enough for a large card, a fraction of the full photo's bytes.
    imagePath: imageOf('postimages', post.images[0], 'card'),
  };
}

/** The place's name; its address and rating; its newest review photo (a place has no picture of its own). */
export function placePreview(place: Establishment, path: string): SharePreview {
  const rating = place.rating ? `★ ${place.rating} from ${plural(place.posts, 'review')}` : 'No reviews yet';
  return {
    type: 'website',
    title: place.name,
    description: firstChars([formatAddressLine(place), rating].filter(Boolean).join(' · ')),
    path,
    imagePath: imageOf('postimages', place.images[0], 'card'),
  };
}

/**
 * 'Ann Lee (@ann)'; the bio and the number of reviews; the profile photo (kept full size and as a thumbnail only).
 * The bio is cut so that the whole description, count included, keeps to PREVIEW_TEXT_MAX.
 */
export function personPreview(person: PublicProfile): SharePreview {
  const name = `${person.first_name} ${person.last_name}`.trim();
  const reviews = plural(person.number_of_posts, 'review');
  const countAfterBio = ` · ${reviews}`;
  const bio = firstChars(person.bio, PREVIEW_TEXT_MAX - countAfterBio.length);
  return {
    type: 'profile',
    title: name ? `${name} (@${person.username})` : `@${person.username}`,
    description: bio ? `${bio}${countAfterBio}` : `${reviews} on Siplog`,
    path: `/user/${encodeURIComponent(person.username)}`,
    imagePath: imageOf('profileimages', person.profile_images[0], null),
  };
}

/** Text for a double-quoted attribute value (or element content): every character that could end or open markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The Open Graph and Twitter card elements of a preview; URLs only when an origin is known (previewOrigin). */
export function previewHead(preview: SharePreview, origin: string | null): string[] {
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const image = origin && preview.imagePath ? origin + preview.imagePath : null;
  return [
    meta('property', 'og:site_name', 'Siplog'),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    ...(origin ? [meta('property', 'og:url', origin + preview.path)] : []),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', preview.title)] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ];
}

/** The shell's <title> and description meta (the site's own) become the preview's, for search engines and plain scrapers. */
export function withPreviewTitle(html: string, preview: SharePreview): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(preview.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(preview.description)}" />`);
}
