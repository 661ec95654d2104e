import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import type { BlobInfo, BlobRead } from './blob-store';
import { FOLDER_VARIANTS, IMAGE_FOLDERS, ImageStore, imageKey, isStoredImageName, variantFileName, type ImageFolder, type ImageVariant } from './image-store';
import { MediaRepository } from './media.repository';

export const FALLBACK_IMAGE_NAME = 'no-image.webp';

/**
 * A stored image streamed from the media store, a 304 for a browser that holds it already (its validators
 * match), or the no-image picture. How long a browser may keep an answer: stored files never change (immutable);
 * what a name points to can.
 */
export type ImageAnswer = ({ kind: 'blob'; blob: BlobRead } | { kind: 'not-modified'; info: BlobInfo } | { kind: 'fallback'; body: Buffer }) & {
  cacheSeconds: number;
  immutable: boolean;
};

/** The request's validators (If-None-Match, If-Modified-Since), as sent. */
export interface ImageConditions {
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

/** RFC 9110 §13.1: If-None-Match compares weakly and, when present, If-Modified-Since is not looked at. */
export function isNotModified(info: BlobInfo, conditions: ImageConditions): boolean {
  if (conditions.ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    const etag = opaque(info.etag);
    return conditions.ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === etag);
  }
  if (conditions.ifModifiedSince !== undefined) {
    const since = Date.parse(conditions.ifModifiedSince);
    // HTTP dates have whole seconds.
    return !Number.isNaN(since) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

const YEAR_SECONDS = 31_536_000;
/** A person's avatar URL follows their uploads, so it is cached briefly, fallback included. */
const AVATAR_CACHE_SECONDS = 60;
const MISSING_IMAGE_CACHE_SECONDS = 300;

/** Finds the file behind an image URL; anything unknown or malformed gets the no-image picture. */
@Injectable()
export class MediaService {
  private fallback?: Promise<Buffer>;

  constructor(
    private readonly repository: MediaRepository,
    private readonly images: ImageStore,
  ) {}

  /**
   * Only names the server generated can match, so no request can reach outside the media folder or prefix. An
   * image the store does not have gets the no-image picture; a store that fails throws. A request with validators
   * is first answered from the object's description (HEAD), so a 304 reads no bytes.
   */
  async imageByName(folder: string, file: string, variant: ImageVariant, conditions: ImageConditions = {}): Promise<ImageAnswer> {
    if (!(IMAGE_FOLDERS as readonly string[]).includes(folder) || !isStoredImageName(file)) {
      return this.fallbackAnswer(MISSING_IMAGE_CACHE_SECONDS);
    }
    const kept = FOLDER_VARIANTS[folder as ImageFolder].includes(variant) ? variant : 'full';
    const key = imageKey(folder as ImageFolder, variantFileName(file, kept));
    const caching = { cacheSeconds: YEAR_SECONDS, immutable: true };
    if (conditions.ifNoneMatch !== undefined || conditions.ifModifiedSince !== undefined) {
      const info = await this.images.blobs.head(key);
      if (!info) return this.fallbackAnswer(MISSING_IMAGE_CACHE_SECONDS);
      if (isNotModified(info, conditions)) return { kind: 'not-modified', info, ...caching };
    }
    const blob = await this.images.blobs.get(key);
    if (!blob) return this.fallbackAnswer(MISSING_IMAGE_CACHE_SECONDS);
    return { kind: 'blob', blob, ...caching };
  }

  /** The current avatar of a person; it changes when they upload, so it is not cached for long. */
  async profileImageOf(username: string, variant: ImageVariant, conditions: ImageConditions = {}): Promise<ImageAnswer> {
    const fileName = await this.repository.avatarFileName(username.toLowerCase());
    if (fileName === undefined) return this.fallbackAnswer(AVATAR_CACHE_SECONDS);
    const answer = await this.imageByName('profileimages', fileName, variant, conditions);
    return { ...answer, cacheSeconds: AVATAR_CACHE_SECONDS, immutable: false };
  }

  private async fallbackAnswer(cacheSeconds: number): Promise<ImageAnswer> {
    this.fallback ??= renderFallbackImage();
    return { kind: 'fallback', body: await this.fallback, cacheSeconds, immutable: false };
  }
}

/** A soft cup on a warm background, drawn once: the picture for any missing image. */
function renderFallbackImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <rect width="400" height="400" fill="#f3e6d8"/>
    <path d="M130 150h120v60a60 60 0 0 1-120 0z" fill="#e2ccb5"/>
    <path d="M250 165h14a26 26 0 0 1 0 52h-18" fill="none" stroke="#e2ccb5" stroke-width="14" stroke-linecap="round"/>
    <rect x="110" y="282" width="180" height="12" rx="6" fill="#e2ccb5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
