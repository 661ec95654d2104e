/**
 * Where to write a region's name: a point well inside its largest polygon (a two-pass grid search for the
 * point farthest from the edges, a cheap pole of inaccessibility), and the zoom from which it fits.
 */
import type { Geometry, Position } from 'geojson';

type Ring = Position[];

function polygonsOf(geometry: Geometry): Ring[][] {
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}

/** Area in km² (planar, longitudes scaled by the cosine of the latitude). */
function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  const lat = ring.reduce((acc, p) => acc + p[1], 0) / ring.length;
  return Math.abs(sum / 2) * Math.cos((lat * Math.PI) / 180) * 111.32 * 110.57;
}

function inside(x: number, y: number, polygon: Ring[]): boolean {
  let found = false;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) found = !found;
    }
  }
  return found;
}

function edgeDistance(x: number, y: number, polygon: Ring[], scale: number): number {
  let best = Infinity;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const ax = ring[j][0] * scale;
      const ay = ring[j][1];
      const dx = ring[i][0] * scale - ax;
      const dy = ring[i][1] - ay;
      const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((x * scale - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
      best = Math.min(best, (x * scale - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2);
    }
  }
  return Math.sqrt(best);
}

function searchGrid(polygon: Ring[], [minX, minY, maxX, maxY]: number[], scale: number, steps: number) {
  let best = { x: (minX + maxX) / 2, y: (minY + maxY) / 2, d: -1 };
  for (let i = 0; i <= steps; i++) {
    for (let j = 0; j <= steps; j++) {
      const x = minX + ((maxX - minX) * i) / steps;
      const y = minY + ((maxY - minY) * j) / steps;
      if (!inside(x, y, polygon)) continue;
      const d = edgeDistance(x, y, polygon, scale);
      if (d > best.d) best = { x, y, d };
    }
  }
  return best;
}

/** The label point of a (multi)polygon and the area (km²) of its largest part, or null for an empty geometry. */
export function labelPoint(geometry: Geometry): { point: [number, number]; area: number } | null {
  let largest: Ring[] | undefined;
  let area = 0;
  for (const polygon of polygonsOf(geometry)) {
    const a = ringArea(polygon[0]);
    if (a > area) [largest, area] = [polygon, a];
  }
  if (!largest) return null;
  const xs = largest[0].map((p) => p[0]);
  const ys = largest[0].map((p) => p[1]);
  const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const scale = Math.cos((((box[1] + box[3]) / 2) * Math.PI) / 180);
  const coarse = searchGrid(largest, box, scale, 24);
  const cellX = (box[2] - box[0]) / 24;
  const cellY = (box[3] - box[1]) / 24;
  const fine = searchGrid(largest, [coarse.x - cellX, coarse.y - cellY, coarse.x + cellX, coarse.y + cellY], scale, 12);
  const best = fine.d >= coarse.d ? fine : coarse;
  return { point: [best.x, best.y], area };
}

/**
 * Natural Earth 2 (world-atlas 2) keeps polygons that cross the antimeridian whole, jumping from +180 to -180;
 * drawn flat, such a ring streaks across the map (Fiji, Chukotka, Antarctica). Unwrap the longitudes so each
 * ring runs on past ±180 (geojson-vt wraps what lies beyond onto the other side), closing a ring that circles a
 * pole along that pole.
 */
export function unwrapAntimeridian(geometry: Geometry): Geometry {
  const fixRing = (ring: Ring): Ring => {
    let offset = 0;
    const out: Ring = [ring[0]];
    for (let i = 1; i < ring.length; i++) {
      const step = ring[i][0] - ring[i - 1][0];
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
      out.push([ring[i][0] + offset, ring[i][1]]);
    }
    if (offset !== 0) {
      const pole = ring.reduce((acc, p) => acc + p[1], 0) < 0 ? -90 : 90;
      const last = out[out.length - 1];
      out.push([last[0], pole], [ring[0][0], pole], ring[0]);
    }
    return out;
  };
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(fixRing) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((p) => p.map(fixRing)) };
  return geometry;
}
