import { PassThrough, Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { EMAILED_BY_DEFAULT, NOTIFICATION_KINDS, SERVER_MESSAGES } from '@siplog/contracts';
import { ZipFile } from 'yazl';
import { z } from 'zod';
import { AppError } from '../../common/app-error';
import { parseInput } from '../../common/zod-issue';
import type { AuthUser } from '../../common/auth-user';
import { failureReason } from '../media/blob-store';
import { ImageStore, imageKey, isStoredImageName, type ImageFolder } from '../media/image-store';
import { drinkOf } from '../post/post-drink';
import {
  EXPORT_PAGE_SIZE,
  OwnDataRepository,
  type AccountRow,
  type CommentRow,
  type LikeRow,
  type PersonRow,
  type RemotePersonRow,
  type HoursChangeRow,
  type PlaceFollowRow,
  type ReviewRow,
} from './own-data.repository';

/** The export takes no parameters: anything in the query string is refused, as unknown fields are everywhere. */
const exportQuerySchema = z.strictObject({});

/** Where the photos go inside the zip; the JSON files name them by this path. */
const PHOTOS_DIR = 'photos/';

/** The JSON documents of every export, beside README.txt and the photos (the export bench counts the entries by them). */
export const EXPORT_DOCUMENTS = [
  'profile.json',
  'reviews.json',
  'comments.json',
  'likes.json',
  'following.json',
  'want-to-try.json',
  'hours-changes.json',
  'followers.json',
  'fediverse.json',
] as const;

/** Photo entries added ahead of the one being written: enough to keep the zip busy, never the whole list. */
const PHOTOS_AHEAD = EXPORT_PAGE_SIZE;

export interface DataExport {
  fileName: string;
  stream: Readable;
}

const README = `Your Siplog data
================

This archive holds everything Siplog keeps about you, as it was when you downloaded it.
Every file is plain text (JSON, UTF-8) except the photos. Dates are in UTC (ISO 8601).

profile.json    Your account: username, e-mail, names, phone, zip code, address, year of
                birth, gender, bio, favourite order, when you joined, which notifications
                are e-mailed to you, whether follows from other servers wait for your
                answer (approve_followers), the people you blocked, and your profile photos.
reviews.json    Every review you wrote, oldest first: the place (name and address), your
                order and its drink details (drink, temperature, milk, sweetness, toppings;
                null when none were given), the review, the rating (1-5), the date, how
                many people like it and how many comments it has, its photos (file
                names in photos/), and your answers about the place's amenities (Wi-Fi,
                outlets…: true for yes, false for no; only those you answered).
comments.json   Every comment you wrote, with the review it is on (its id, its author and
                the place) and the date.
likes.json      Every review you liked, with its author, the place and when you liked it.
following.json  The people ("people") and places ("places") you follow, and since when.
followers.json  The people who follow you, and since when.
want-to-try.json The places on your Want to try list, and since when.
hours-changes.json Every change you made to a place's opening hours: the place, the hours
                before and after (OpenStreetMap opening_hours text; null for none), the
                change it reverted if it was a revert, and when.
fediverse.json  People on other servers (Mastodon, other Siplogs…) who follow you
                ("followers") and whom you follow ("following"): their handle, their
                address (actor), whether the follow was accepted, and since when.
photos/         Your review photos and your profile photos, in the largest size Siplog keeps
                (WebP images, up to 1600 pixels on the long side; Siplog removes location and
                camera data from every photo when it is uploaded).

People who have deactivated their account, or whose account is suspended, are left out of
the lists, and their names are left out (null) where one of their reviews is mentioned.

You can delete your account and everything in it in My Log (edit mode: Delete my account).
`;

function iso(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(epochMs).toISOString();
}

/** A review's amenity answers from their 'wifi:yes' pairs: { wifi: true, … }, only those answered. */
function amenitiesOf(pairs: string): Record<string, boolean> {
  return Object.fromEntries((JSON.parse(pairs) as string[]).map((pair) => [pair.slice(0, pair.indexOf(':')), pair.endsWith(':yes')]));
}

function photoPath(fileName: string): string {
  return PHOTOS_DIR + fileName;
}

function addressOf(place: { street: string; city: string; state: string; zip: string; country: string }) {
  const cityLine = [place.city, [place.state, place.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    street: place.street,
    city: place.city,
    state: place.state,
    zip: place.zip,
    country: place.country,
    address: [place.street, cityLine, place.country].filter(Boolean).join(', '),
  };
}

/** `value` as pretty JSON, indented by `depth` levels, for one element of a streamed array. */
function indented(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${'  '.repeat(depth)}`);
}

/** A JSON array written one page at a time: `nextPage` reads the rows after the last one it gave, [] when done. */
async function* jsonArray<T>(nextPage: () => Promise<T[]>, depth = 0): AsyncGenerator<string> {
  const pad = '  '.repeat(depth + 1);
  let count = 0;
  yield '[';
  for (;;) {
    const page = await nextPage();
    if (page.length > 0) yield page.map((item) => `${count++ === 0 ? '' : ','}\n${pad}${indented(item, depth + 1)}`).join('');
    if (page.length < EXPORT_PAGE_SIZE) break;
  }
  yield count === 0 ? ']' : `\n${'  '.repeat(depth)}]`;
}

/** A whole file: `body`, then a final newline. */
async function* file(body: AsyncIterable<string>): AsyncGenerator<string> {
  yield* body;
  yield '\n';
}

/** Keyset paging: each call answers the page after the last row the previous call answered. */
function pager<Row, Out>(read: (after: Row | null) => Promise<Row[]>, shape: (row: Row) => Out): () => Promise<Out[]> {
  let last: Row | null = null;
  return async () => {
    const rows = await read(last);
    last = rows.at(-1) ?? last;
    return rows.map(shape);
  };
}

function person(row: { username: string; createdAt: number }) {
  return { username: row.username, since: iso(row.createdAt) };
}

/**
 * "Download my data" (issue 17): one zip, made while it is sent. Rows are read a page at a time and each page is
 * written before the next is read; photos are read from the store one at a time with backpressure, so memory stays
 * flat whatever the person holds. When the client goes away the current file is closed and nothing more is read.
 */
@Injectable()
export class DataExportService {
  private readonly logger = new Logger(DataExportService.name);
  /** One export per account at a time: a second one while the first is running is 429. */
  private readonly running = new Set<number>();

  constructor(
    private readonly repository: OwnDataRepository,
    private readonly images: ImageStore,
  ) {}

  async export(actor: AuthUser, query: unknown, now = new Date()): Promise<DataExport> {
    parseInput(exportQuerySchema, query ?? {});
    const account = await this.repository.account(actor.id);
    if (!account) throw new AppError('UNAUTHORIZED');
    if (this.running.has(actor.id)) throw new AppError('TOO_MANY_REQUESTS', SERVER_MESSAGES.tooManyRequests, 60);
    this.running.add(actor.id);
    const fileName = `siplog-${account.username}-${now.toISOString().slice(0, 10)}.zip`;
    return { fileName, stream: this.zip(account, now) };
  }

  private zip(account: AccountRow, now: Date): Readable {
    const userId = account.id;
    const zip = new ZipFile();
    const out = new PassThrough();
    const options = { mtime: now };
    let current: Readable | null = null;
    let aborted = false;
    let photosStarted = 0;
    let photosAdded = 0;
    let wake: (() => void) | null = null;
    const wakeFeeder = () => {
      wake?.();
      wake = null;
    };
    const started = Date.now();

    /** Adds an entry whose content is made only when the zip reaches it, and remembered so an abort can close it. */
    const addLazy = (name: string, make: () => Readable | Promise<Readable>, compress: boolean, onStart?: () => void) => {
      zip.addReadStreamLazy(name, { ...options, compress }, (callback) => {
        onStart?.();
        void Promise.resolve(aborted ? Readable.from([]) : make()).then(
          (stream) => {
            current = stream;
            callback(null, stream);
          },
          (error: unknown) => callback(error, Readable.from([])),
        );
      });
    };
    const addJson = (name: (typeof EXPORT_DOCUMENTS)[number], content: () => AsyncIterable<string>) =>
      addLazy(name, () => Readable.from(content(), { objectMode: false }), true);

    // A page of photos at a time, and the next page only once the zip is close to the end of what it has.
    const addPhoto = async (folder: ImageFolder, fileName: string) => {
      if (!isStoredImageName(fileName)) return;
      const key = imageKey(folder, fileName);
      let found: unknown;
      try {
        found = await this.images.blobs.head(key);
      } catch (error) {
        this.logger.warn(`Data export of ${account.username}: ${key} could not be looked up (${failureReason(error)}), left out`);
        return;
      }
      if (!found) {
        this.logger.warn(`Data export of ${account.username}: ${folder}/${fileName} is missing, left out`);
        return;
      }
      photosAdded++;
      addLazy(
        photoPath(fileName),
        async () => {
          try {
            const blob = await this.images.blobs.get(key);
            if (blob) return blob.body;
            this.logger.warn(`Data export of ${account.username}: ${key} could not be read (gone)`);
          } catch (error) {
            this.logger.warn(`Data export of ${account.username}: ${key} could not be read (${failureReason(error)})`);
          }
          // Gone between the check and its turn: the entry is left empty rather than failing the whole archive.
          return Readable.from([]);
        },
        false, // WebP is compressed already
        () => {
          photosStarted++;
          wakeFeeder();
        },
      );
      while (!aborted && photosAdded - photosStarted > PHOTOS_AHEAD) await new Promise<void>((resolve) => (wake = resolve));
    };

    const feed = async () => {
      addJson('profile.json', () => this.profile(account));
      addJson('reviews.json', () => file(this.reviews(userId)));
      addJson('comments.json', () => file(this.comments(userId)));
      addJson('likes.json', () => file(this.likes(userId)));
      addJson('following.json', () => file(this.following(userId)));
      addJson(
        'want-to-try.json',
        () => file(jsonArray(pager((after: PlaceFollowRow | null) => this.repository.wantToTry(userId, after?.id ?? 0), (row) => ({ name: row.name, ...addressOf(row), since: iso(row.createdAt) })))),
      );
      addJson('hours-changes.json', () => file(this.hoursChanges(userId)));
      addJson('followers.json', () => file(jsonArray(pager((after: PersonRow | null) => this.repository.followers(userId, after?.id ?? 0), person))));
      addJson('fediverse.json', () => file(this.fediverse(userId)));
      zip.addBuffer(Buffer.from(README.replace(/\n/g, '\r\n')), 'README.txt', options);
      for (const fileName of await this.repository.profileImages(userId)) {
        if (aborted) return;
        await addPhoto('profileimages', fileName);
      }
      let afterId = 0;
      for (;;) {
        if (aborted) return;
        const page = await this.repository.photos(userId, afterId);
        for (const photo of page) {
          if (aborted) return;
          await addPhoto('postimages', photo.fileName);
        }
        if (page.length < EXPORT_PAGE_SIZE) break;
        afterId = page[page.length - 1].id;
      }
      zip.end();
    };

    const finish = () => {
      this.running.delete(userId);
    };
    zip.outputStream.pipe(out);
    zip.on('error', (error: Error) => {
      aborted = true;
      this.logger.error(`Data export of ${account.username} failed: ${error.message}`);
      out.destroy(error);
    });
    out.on('end', () => {
      this.logger.log(`Data export sent: ${account.username} (${photosAdded} photos, ${Date.now() - started} ms)`);
    });
    out.on('close', () => {
      finish();
      if (out.readableEnded) return;
      // The client went away (or the response failed): stop reading rows and files, close the open one.
      aborted = true;
      wakeFeeder();
      (current as Readable | null)?.destroy();
      zip.outputStream.unpipe(out);
      this.logger.log(`Data export of ${account.username} stopped: the connection closed`);
    });
    feed().catch((error: unknown) => zip.emit('error', error));
    return out;
  }

  private async *profile(account: AccountRow): AsyncGenerator<string> {
    const chosen = new Map((await this.repository.emailPreferences(account.id)).map((row) => [row.kind, row.enabled]));
    const profile = {
      username: account.username,
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      phone: account.phone,
      zip_code: account.zipCode,
      address: account.address,
      year_of_birth: account.yearOfBirth,
      gender: account.gender,
      bio: account.bio,
      favorite_order: account.currentFavOrder,
      verified: account.verified,
      joined: iso(account.createdAt),
      email_notifications: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? EMAILED_BY_DEFAULT[kind]])),
      approve_followers: account.approveFollowers,
      blocked_people: await this.repository.blocked(account.id),
      profile_photos: (await this.repository.profileImages(account.id)).filter(isStoredImageName).map(photoPath),
    };
    yield `${JSON.stringify(profile, null, 2)}\n`;
  }
  private reviews(userId: number): AsyncGenerator<string> {
    return jsonArray(
      pager(
        (after: ReviewRow | null) => this.repository.reviews(userId, after),
        (row) => ({
          review_id: row.id,
          date: iso(row.createdAt),
          place: { name: row.placeName, ...addressOf(row) },
          order: row.orderText,
          drink: drinkOf(row),
          review: row.review,
          rating: row.rating,
          likes: row.likes,
          comments: row.comments,
          photos: (JSON.parse(row.photos) as string[]).map(photoPath),
          amenities: amenitiesOf(row.amenities),
        }),
      ),
    );
  }

  private hoursChanges(userId: number): AsyncGenerator<string> {
    return jsonArray(
      pager(
        (after: HoursChangeRow | null) => this.repository.hoursChanges(userId, after?.id ?? 0),
        (row) => ({
          change_id: row.id,
          place: { name: row.placeName, ...addressOf(row) },
          before: row.before,
          after: row.after,
          reverts_change_id: row.revertsId,
          date: iso(row.createdAt),
        }),
      ),
    );
  }

  private comments(userId: number): AsyncGenerator<string> {
    return jsonArray(
      pager(
        (after: CommentRow | null) => this.repository.comments(userId, after?.id ?? 0),
        (row) => ({
          comment_id: row.id,
          review_id: row.postId,
          review_by: row.reviewBy,
          place: row.placeName,
          comment: row.body,
          date: iso(row.createdAt),
        }),
      ),
    );
  }

  private likes(userId: number): AsyncGenerator<string> {
    return jsonArray(
      pager(
        (after: LikeRow | null) => this.repository.likes(userId, after),
        (row) => ({ review_id: row.postId, review_by: row.reviewBy, place: row.placeName, liked_at: iso(row.createdAt) }),
      ),
    );
  }

  private async *fediverse(userId: number): AsyncGenerator<string> {
    const remote = (row: RemotePersonRow) => ({ handle: row.handle, actor: row.uri, accepted: row.accepted, since: iso(row.createdAt) });
    yield '{\n  "followers": ';
    yield* jsonArray(pager((after: RemotePersonRow | null) => this.repository.remoteFollowers(userId, after?.id ?? 0), remote), 1);
    yield ',\n  "following": ';
    yield* jsonArray(pager((after: RemotePersonRow | null) => this.repository.remoteFollowing(userId, after?.id ?? 0), remote), 1);
    yield '\n}';
  }

  private async *following(userId: number): AsyncGenerator<string> {
    yield '{\n  "people": ';
    yield* jsonArray(pager((after: PersonRow | null) => this.repository.followingPeople(userId, after?.id ?? 0), person), 1);
    yield ',\n  "places": ';
    yield* jsonArray(
      pager(
        (after: PlaceFollowRow | null) => this.repository.followingPlaces(userId, after?.id ?? 0),
        (row) => ({ name: row.name, ...addressOf(row), since: iso(row.createdAt) }),
      ),
      1,
    );
    yield '\n}';
  }
}
