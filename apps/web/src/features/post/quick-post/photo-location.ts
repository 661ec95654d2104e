/** A point a photo's EXIF says it was taken at. */
export interface PhotoPoint {
  lat: number;
  lng: number;
}

/** A point on Earth, and not the 0,0 some cameras write when they have no fix. */
export function isUsablePoint(point: { latitude?: unknown; longitude?: unknown } | null | undefined): point is { latitude: number; longitude: number } {
  if (!point) return false;
  const { latitude, longitude } = point;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return false;
  return !(latitude === 0 && longitude === 0);
}

/**
 * Where the first of these photos with GPS data was taken, read in the browser by exifr (loaded only now, its own
 * chunk). The point is used to suggest a place and nothing else: the server strips every photo's metadata anyway.
 */
export async function photoPoint(files: readonly Blob[]): Promise<PhotoPoint | null> {
  if (files.length === 0) return null;
  const { gps } = await import('exifr/dist/lite.esm.mjs');
  for (const file of files) {
    try {
      const point = await gps(file);
      if (isUsablePoint(point)) return { lat: point.latitude, lng: point.longitude };
    } catch {
      // No EXIF, or a format exifr cannot read: no suggestion from this photo.
    }
  }
  return null;
}
