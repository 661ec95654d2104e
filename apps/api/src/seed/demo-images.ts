import sharp from 'sharp';
import type { DrinkKind } from './demo-content';

/**
 * Drawn drink photos and initials avatars for the demo data: SVG built from a seed, so every run makes
 * the same pictures, rendered to PNG with sharp.
 */

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 900;
export const AVATAR_SIZE = 512;

// ---------------------------------------------------------------------------------------------------
// Randomness and colour

export interface Rng {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: tiny, fast and good enough to vary pictures. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
  };
}

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Blends two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  const channel = (i: number) =>
    Math.round(ca[i] + (cb[i] - ca[i]) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

const lighten = (color: string, t: number) => mix(color, '#ffffff', t);
const darken = (color: string, t: number) => mix(color, '#000000', t);

/** Keeps the SVG short: one decimal is far below a pixel. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

const WALL_COLORS = ['#f3e3cf', '#f6d8c3', '#efd9b4', '#e9c9a8', '#f2e6d8', '#f4dcc9', '#ead2bb', '#f1dfc4'];
const TABLE_COLORS = ['#b07b4f', '#9c6b43', '#c49a6c', '#8a5a3b', '#a8714a', '#c8a27a', '#e6dccf', '#7d5236'];
const CUP_COLORS = ['#fbf8f3', '#f1e6d6', '#c8714f', '#d9a441', '#5c8f8a', '#3d3a38', '#e8b4a6', '#fbf8f3', '#7f9c8a'];
const STRAW_COLORS = ['#e86f6f', '#f2b84b', '#5fb3a1', '#f08bb4', '#6c8fd6', '#2f2f2f'];
const LEAF_GREENS = ['#6e9a3c', '#5c8a35', '#82ad4a', '#4f7a32'];
const AVATAR_COLORS = ['#c8714f', '#d9a441', '#6f9a35', '#5c8f8a', '#8a5a3b', '#b05c7a', '#4f6d8f', '#9c6bb0'];

// ---------------------------------------------------------------------------------------------------
// A minimal SVG builder: body markup plus the gradients, filters and clips it refers to.

type Stop = readonly [offset: number, color: string, opacity?: number];

class Canvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private nextId = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  add(markup: string): void {
    this.body.push(markup);
  }

  private define(prefix: string, build: (id: string) => string): string {
    const id = `${prefix}${this.nextId++}`;
    this.defs.push(build(id));
    return `url(#${id})`;
  }

  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    return this.define(
      'lg',
      (id) => `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`,
    );
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    return this.define('rg', (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsMarkup(stops)}</radialGradient>`);
  }

  blur(deviation: number): string {
    return this.define(
      'bl',
      (id) =>
        `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${n(deviation)}"/></filter>`,
    );
  }

  clip(shape: string): string {
    return this.define('cp', (id) => `<clipPath id="${id}">${shape}</clipPath>`);
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('');
}

function ellipse(cx: number, cy: number, rx: number, ry: number, attributes: string): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" ${attributes}/>`;
}

/** A soft-edged ellipse. Gradients rather than blur filters: blurs over large areas made the seed slow. */
function softEllipse(c: Canvas, cx: number, cy: number, rx: number, ry: number, color: string, opacity: number): string {
  const fill = c.radial([
    [0, color, opacity],
    [0.55, color, opacity * 0.7],
    [1, color, 0],
  ]);
  return ellipse(cx, cy, rx, ry, `fill="${fill}"`);
}

function softShadow(c: Canvas, cx: number, cy: number, rx: number, ry: number): void {
  c.add(softEllipse(c, cx, cy, rx * 1.25, ry * 1.4, '#2a1a0e', 0.35));
}

// ---------------------------------------------------------------------------------------------------
// The scene: a café wall with out-of-focus lights, a table with grain and a patch of window light.

function drawBackdrop(c: Canvas, rng: Rng, horizon: number): void {
  const wall = rng.pick(WALL_COLORS);
  const table = rng.pick(TABLE_COLORS);
  c.add(
    `<rect width="${PHOTO_WIDTH}" height="${n(horizon)}" fill="${c.linear([
      [0, lighten(wall, 0.3)],
      [1, darken(wall, 0.08)],
    ], 0, 0, 1, 1)}"/>`,
  );

  const lights: string[] = [];
  for (let i = rng.int(6, 10); i > 0; i--) {
    const r = rng.range(18, 62);
    const color = rng.pick(['#fff6e0', '#ffe2b8', '#ffd7a8', '#fff0d0']);
    lights.push(softEllipse(c, rng.range(0, PHOTO_WIDTH), rng.range(20, horizon - 20), r, r, color, rng.range(0.6, 0.95)));
  }
  c.add(lights.join(''));

  c.add(
    `<rect y="${n(horizon)}" width="${PHOTO_WIDTH}" height="${n(PHOTO_HEIGHT - horizon)}" fill="${c.linear([
      [0, darken(table, 0.18)],
      [0.4, table],
      [1, lighten(table, 0.1)],
    ])}"/>`,
  );
  const grain: string[] = [];
  for (let i = rng.int(7, 12); i > 0; i--) {
    const y = rng.range(horizon + 12, PHOTO_HEIGHT);
    grain.push(
      `<path d="M -20 ${n(y)} C 300 ${n(y + rng.range(-14, 14))} 800 ${n(y + rng.range(-14, 14))} 1220 ${n(y + rng.range(-10, 10))}" stroke="${darken(table, 0.25)}" stroke-width="${n(rng.range(1.5, 4))}" opacity="${n(rng.range(0.07, 0.18))}" fill="none"/>`,
    );
  }
  c.add(grain.join(''));
  c.add(`<rect y="${n(horizon)}" width="${PHOTO_WIDTH}" height="7" fill="${darken(table, 0.35)}" opacity="0.45"/>`);

  // window light falling across the table: a skewed band, its gradient follows the slanted edges
  const depth = PHOTO_HEIGHT - horizon;
  const skew = (Math.atan2(rng.range(250, 400), depth) * 180) / Math.PI;
  const light = c.linear(
    [
      [0, '#fffaf0', 0],
      [0.3, '#fffaf0', 0.15],
      [0.7, '#fffaf0', 0.15],
      [1, '#fffaf0', 0],
    ],
    0,
    0,
    1,
    0,
  );
  c.add(
    `<g transform="translate(${n(rng.range(-200, 700))} ${n(horizon)}) skewX(${n(skew)})"><rect width="${n(rng.range(250, 450))}" height="${n(depth)}" fill="${light}"/></g>`,
  );
}

function drawVignette(c: Canvas): void {
  const fill = c.radial(
    [
      [0.55, '#000000', 0],
      [1, '#1a0f08', 0.32],
    ],
    0.5,
    0.5,
    0.75,
  );
  c.add(`<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="${fill}"/>`);
}

// ---------------------------------------------------------------------------------------------------
// Props around the drink

function drawBeans(c: Canvas, rng: Rng, x: number, y: number): void {
  const beans: string[] = [];
  for (let i = rng.int(4, 8); i > 0; i--) {
    const bx = x + rng.range(-90, 90);
    const by = y + rng.range(-30, 30);
    const angle = rng.range(0, 180);
    const color = rng.pick(['#4a2b17', '#5a3520', '#3d2312']);
    beans.push(
      `<g transform="translate(${n(bx)} ${n(by)}) rotate(${n(angle)})">` +
        ellipse(3, 4, 17, 11, `fill="#1e120a" opacity="0.3"`) +
        ellipse(0, 0, 17, 11, `fill="${color}"`) +
        ellipse(-4, -4, 8, 4, `fill="#ffffff" opacity="0.12"`) +
        `<path d="M -14 1 C -6 -5 6 6 14 -1" stroke="#1e120a" stroke-width="2.5" fill="none" stroke-linecap="round"/></g>`,
    );
  }
  c.add(beans.join(''));
}

function leafPath(): string {
  return 'M -1 0 C -0.5 -0.62 0.5 -0.62 1 0 C 0.5 0.62 -0.5 0.62 -1 0 Z';
}

function drawLeaf(cx: number, cy: number, length: number, angle: number, color: string): string {
  return (
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(angle)}) scale(${n(length / 2)} ${n(length / 4)})">` +
    `<path d="${leafPath()}" fill="${color}"/>` +
    `<path d="M -0.9 0 L 0.9 0" stroke="${darken(color, 0.3)}" stroke-width="0.08" fill="none"/></g>`
  );
}

function drawLooseLeaves(c: Canvas, rng: Rng, x: number, y: number): void {
  const leaves: string[] = [];
  for (let i = rng.int(3, 6); i > 0; i--) {
    leaves.push(drawLeaf(x + rng.range(-80, 80), y + rng.range(-25, 25), rng.range(40, 70), rng.range(0, 180), rng.pick(LEAF_GREENS)));
  }
  c.add(leaves.join(''));
}

function drawNapkin(c: Canvas, rng: Rng, x: number, y: number): void {
  const color = rng.pick(['#fbf6ee', '#f3e9da', '#e8d9c4', '#dfe7e1']);
  const angle = rng.range(-25, 25);
  c.add(
    `<g transform="translate(${n(x)} ${n(y)}) scale(1 0.42) rotate(${n(angle)})">` +
      `<rect x="-120" y="-120" width="240" height="240" rx="10" fill="#2a1a0e" opacity="0.15" transform="translate(8 14)"/>` +
      `<rect x="-120" y="-120" width="240" height="240" rx="10" fill="${color}"/>` +
      `<rect x="-120" y="-40" width="240" height="160" rx="10" fill="${darken(color, 0.05)}"/>` +
      `<path d="M -118 -40 L 118 -40" stroke="${darken(color, 0.15)}" stroke-width="3"/></g>`,
  );
}

function drawCookie(c: Canvas, rng: Rng, x: number, y: number): void {
  const chips: string[] = [];
  for (let i = 0; i < 9; i++) {
    chips.push(ellipse(x + rng.range(-55, 55), y - 10 + rng.range(-14, 14), rng.range(5, 9), rng.range(3, 5), `fill="#4a2b17"`));
  }
  softShadow(c, x + 10, y + 8, 80, 26);
  c.add(
    ellipse(x, y, 78, 30, `fill="#b9813f"`) +
      ellipse(x, y - 8, 76, 27, `fill="${c.radial([
        [0, '#e3b26a'],
        [1, '#c48a46'],
      ])}"`) +
      chips.join(''),
  );
}

function drawSpoon(c: Canvas, rng: Rng, x: number, y: number): void {
  const angle = rng.range(-30, 30);
  const metal = c.linear(
    [
      [0, '#f4f4f2'],
      [0.5, '#b9b9b6'],
      [1, '#e8e8e4'],
    ],
    0,
    0,
    1,
    1,
  );
  c.add(
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
      `<rect x="-4" y="6" width="150" height="12" rx="6" fill="#2a1a0e" opacity="0.18"/>` +
      `<rect x="0" y="-6" width="150" height="11" rx="5.5" fill="${metal}"/>` +
      ellipse(-30, 0, 36, 20, `fill="${metal}"`) +
      ellipse(-30, 0, 26, 13, `fill="#ffffff" opacity="0.35"`) +
      `</g>`,
  );
}

function drawPlant(c: Canvas, rng: Rng, x: number, y: number): void {
  const pot = rng.pick(['#c46f4e', '#e7ddd0', '#5c8f8a', '#d9a441']);
  const leaves: string[] = [];
  for (let i = rng.int(6, 9); i > 0; i--) {
    const angle = rng.range(-160, -20);
    const length = rng.range(60, 105);
    const rad = (angle * Math.PI) / 180;
    leaves.push(drawLeaf(x + Math.cos(rad) * length * 0.5, y - 78 + Math.sin(rad) * length * 0.5, length, angle, rng.pick(LEAF_GREENS)));
  }
  c.add(
    `<g filter="${c.blur(2.5)}">` +
      leaves.join('') +
      `<path d="M ${n(x - 52)} ${n(y - 82)} L ${n(x + 52)} ${n(y - 82)} L ${n(x + 40)} ${n(y)} L ${n(x - 40)} ${n(y)} Z" fill="${pot}"/>` +
      `<rect x="${n(x - 56)}" y="${n(y - 92)}" width="112" height="16" rx="4" fill="${darken(pot, 0.1)}"/>` +
      `</g>`,
  );
}

function drawTeapot(c: Canvas, rng: Rng, x: number, y: number): void {
  const color = rng.pick(['#c8714f', '#5c8f8a', '#3d3a38', '#f1e6d6', '#7f9c8a']);
  const body = c.radial(
    [
      [0, lighten(color, 0.3)],
      [1, darken(color, 0.15)],
    ],
    0.38,
    0.35,
    0.7,
  );
  c.add(
    `<g filter="${c.blur(2)}">` +
      ellipse(x + 12, y + 4, 120, 24, `fill="#2a1a0e" opacity="0.2"`) +
      `<path d="M ${n(x + 85)} ${n(y - 70)} C ${n(x + 130)} ${n(y - 80)} ${n(x + 150)} ${n(y - 120)} ${n(x + 170)} ${n(y - 135)}" stroke="${color}" stroke-width="22" fill="none" stroke-linecap="round"/>` +
      `<path d="M ${n(x - 85)} ${n(y - 110)} C ${n(x - 150)} ${n(y - 120)} ${n(x - 150)} ${n(y - 40)} ${n(x - 88)} ${n(y - 45)}" stroke="${darken(color, 0.1)}" stroke-width="16" fill="none"/>` +
      ellipse(x, y - 75, 100, 78, `fill="${body}"`) +
      ellipse(x, y - 148, 48, 14, `fill="${darken(color, 0.12)}"`) +
      `<circle cx="${n(x)}" cy="${n(y - 166)}" r="12" fill="${darken(color, 0.05)}"/>` +
      `</g>`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Drink surfaces: painted into the ellipse (cx, cy, rx, ry) of an open cup or bowl.

type SurfacePainter = (c: Canvas, rng: Rng, cx: number, cy: number, rx: number, ry: number) => void;

const HEART = 'M 0 0.55 C -0.2 0.35 -0.62 0.1 -0.58 -0.2 C -0.54 -0.5 -0.15 -0.55 0 -0.28 C 0.15 -0.55 0.54 -0.5 0.58 -0.2 C 0.62 0.1 0.2 0.35 0 0.55 Z';

function rosettaPaths(): string {
  let paths = '';
  for (let i = 0; i < 7; i++) {
    const y = 0.42 - i * 0.13;
    const w = 0.6 - i * 0.065;
    paths += `<path d="M ${-w} ${y - 0.1} C ${-w} ${y + 0.12} ${w} ${y + 0.12} ${w} ${y - 0.1} C ${w * 0.6} ${y} ${-w * 0.6} ${y} ${-w} ${y - 0.1} Z"/>`;
  }
  paths += `<g transform="translate(0 -0.52) scale(0.32)"><path d="${HEART}"/></g>`;
  return paths;
}

function tulipPaths(): string {
  let paths = '';
  const widths = [0.52, 0.44, 0.36];
  widths.forEach((w, i) => {
    const y = 0.5 - i * 0.3;
    paths += `<path d="M ${-w} ${y} C ${-w} ${y - 0.3} ${w} ${y - 0.3} ${w} ${y} C ${w * 0.5} ${y + 0.08} ${-w * 0.5} ${y + 0.08} ${-w} ${y} Z"/>`;
  });
  paths += `<g transform="translate(0 -0.42) scale(0.42)"><path d="${HEART}"/></g>`;
  return paths;
}

const paintCoffee: SurfacePainter = (c, rng, cx, cy, rx, ry) => {
  const foam = rng.pick(['#f8eddc', '#fbf3e6', '#f3e2c7']);
  const crema = c.radial([
    [0, '#b47c48'],
    [0.75, '#8e5a30'],
    [1, '#64391c'],
  ]);
  const style = rng.pick(['heart', 'rosetta', 'tulip', 'cappuccino'] as const);
  if (style === 'cappuccino') {
    const dusting: string[] = [];
    for (let i = 0; i < 70; i++) {
      const a = rng.range(0, Math.PI * 2);
      const r = Math.sqrt(rng.next()) * 0.55;
      dusting.push(ellipse(cx + Math.cos(a) * r * rx, cy + Math.sin(a) * r * ry, rng.range(1.5, 4), rng.range(1, 2.5), `fill="#6b3d1e" opacity="${n(rng.range(0.3, 0.7))}"`));
    }
    c.add(ellipse(cx, cy, rx, ry, `fill="${crema}"`) + ellipse(cx, cy, rx * 0.9, ry * 0.86, `fill="${foam}"`));
    c.add(`<g filter="${c.blur(1.2)}">${dusting.join('')}</g>`);
    return;
  }
  const art = style === 'heart' ? `<path d="${HEART}"/>` : style === 'rosetta' ? rosettaPaths() : tulipPaths();
  c.add(ellipse(cx, cy, rx, ry, `fill="${crema}"`));
  c.add(ellipse(cx, cy, rx * 0.97, ry * 0.95, `fill="none" stroke="${foam}" stroke-width="${n(ry * 0.06)}" opacity="0.45"`));
  c.add(
    `<g transform="translate(${n(cx)} ${n(cy)}) scale(${n(rx)} ${n(ry)}) rotate(${n(rng.range(-18, 18))})" fill="${foam}" filter="${c.blur(0.012)}">${art}</g>`,
  );
};

const paintTea: SurfacePainter = (c, rng, cx, cy, rx, ry) => {
  const tea = rng.pick(['#c9802e', '#b5651d', '#d29a45', '#a8552a', '#c7a23c']);
  c.add(
    ellipse(cx, cy, rx, ry, `fill="${c.radial([
      [0, lighten(tea, 0.15)],
      [1, darken(tea, 0.3)],
    ])}"`),
  );
  c.add(ellipse(cx - rx * 0.35, cy - ry * 0.35, rx * 0.3, ry * 0.16, `fill="#ffffff" opacity="0.3" filter="${c.blur(4)}"`));
  if (rng.chance(0.4)) {
    const sx = cx + rng.range(-0.3, 0.3) * rx;
    const sy = cy + rng.range(-0.2, 0.2) * ry;
    const r = rx * 0.26;
    let segments = '';
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      segments += `<path d="M 0 0 L ${n(Math.cos(a) * r * 0.85)} ${n(Math.sin(a) * r * 0.85)}" stroke="#fff8d8" stroke-width="3"/>`;
    }
    c.add(
      `<g transform="translate(${n(sx)} ${n(sy)}) scale(1 ${n(ry / rx)})">` +
        `<circle r="${n(r)}" fill="#f3d23c"/><circle r="${n(r * 0.88)}" fill="#f7e27a"/>${segments}</g>`,
    );
  } else {
    c.add(drawLeaf(cx + rng.range(-0.3, 0.3) * rx, cy + rng.range(-0.2, 0.2) * ry, rx * 0.5, rng.range(-30, 30), rng.pick(LEAF_GREENS)));
  }
};

const paintMatcha: SurfacePainter = (c, rng, cx, cy, rx, ry) => {
  const green = rng.pick(['#8fb74f', '#9cc25a', '#7fa843']);
  c.add(
    ellipse(cx, cy, rx, ry, `fill="${c.radial([
      [0, lighten(green, 0.25)],
      [0.8, green],
      [1, darken(green, 0.25)],
    ])}"`),
  );
  const bubbles: string[] = [];
  for (let i = 0; i < 90; i++) {
    const a = rng.range(0, Math.PI * 2);
    const r = Math.sqrt(rng.next()) * 0.85;
    bubbles.push(ellipse(cx + Math.cos(a) * r * rx, cy + Math.sin(a) * r * ry, rng.range(1.5, 5), rng.range(1, 3.5), `fill="#e9f5c8" opacity="${n(rng.range(0.25, 0.6))}"`));
  }
  c.add(bubbles.join(''));
};

// ---------------------------------------------------------------------------------------------------
// Vessels

function drawCupOnSaucer(c: Canvas, rng: Rng, cx: number, baseY: number, scale: number, paint: SurfacePainter): void {
  const cup = rng.pick(CUP_COLORS);
  const saucer = rng.chance(0.6) ? cup : rng.pick(CUP_COLORS);
  const rx = 150 * scale;
  const ry = rx * rng.range(0.36, 0.44);
  const height = 190 * scale;
  const handle = rng.chance(0.7) ? 1 : -1;

  const sRx = rx * 1.75;
  const sRy = sRx * (ry / rx) * 0.92;
  const sCy = baseY - sRy * 0.35;
  softShadow(c, cx + 30 * scale, baseY + 6 * scale, sRx * 1.02, sRy * 1.05);
  c.add(ellipse(cx, sCy + 12 * scale, sRx, sRy, `fill="${darken(saucer, 0.28)}"`));
  c.add(
    ellipse(cx, sCy, sRx, sRy, `fill="${c.linear([
      [0, lighten(saucer, 0.25)],
      [1, saucer],
    ])}"`),
  );
  c.add(ellipse(cx, sCy + sRy * 0.05, sRx * 0.6, sRy * 0.6, `fill="${darken(saucer, 0.08)}"`));
  c.add(softEllipse(c, cx + 20 * scale, sCy + sRy * 0.1, rx * 1.2, sRy * 0.55, '#2a1a0e', 0.3));

  const bottom = sCy + sRy * 0.12;
  const top = bottom - height;
  const hx = cx + handle * (rx - 8 * scale);
  c.add(
    `<path d="M ${n(hx)} ${n(top + height * 0.2)} C ${n(hx + handle * 100 * scale)} ${n(top + height * 0.02)} ${n(hx + handle * 100 * scale)} ${n(top + height * 0.72)} ${n(hx - handle * 12 * scale)} ${n(top + height * 0.68)}" stroke="${darken(cup, 0.12)}" stroke-width="${n(24 * scale)}" fill="none" stroke-linecap="round"/>`,
  );
  const bodyFill = c.linear(
    [
      [0, darken(cup, 0.22)],
      [0.35, lighten(cup, 0.15)],
      [0.6, cup],
      [1, darken(cup, 0.28)],
    ],
    0,
    0,
    1,
    0,
  );
  c.add(
    `<path d="M ${n(cx - rx)} ${n(top)} C ${n(cx - rx)} ${n(top + height * 0.8)} ${n(cx - rx * 0.6)} ${n(bottom)} ${n(cx)} ${n(bottom)} C ${n(cx + rx * 0.6)} ${n(bottom)} ${n(cx + rx)} ${n(top + height * 0.8)} ${n(cx + rx)} ${n(top)} Z" fill="${bodyFill}"/>`,
  );
  c.add(ellipse(cx, top, rx, ry, `fill="${lighten(cup, 0.3)}"`));
  c.add(ellipse(cx, top + 1.5 * scale, rx - 9 * scale, ry - 4 * scale, `fill="${darken(cup, 0.18)}"`));
  paint(c, rng, cx, top + ry * 0.2, rx - 16 * scale, (ry - 4 * scale) * 0.8);
}

function drawBowl(c: Canvas, rng: Rng, cx: number, baseY: number, scale: number, paint: SurfacePainter): void {
  const bowl = rng.pick(['#3d3a38', '#e7ddd0', '#8a5a3b', '#5c6f7a', '#c8b8a0']);
  const rx = 185 * scale;
  const ry = rx * rng.range(0.34, 0.42);
  const height = 175 * scale;
  const bottom = baseY - 10 * scale;
  const top = bottom - height;
  softShadow(c, cx + 30 * scale, baseY, rx * 1.1, 40 * scale);
  c.add(`<rect x="${n(cx - rx * 0.42)}" y="${n(bottom - 20 * scale)}" width="${n(rx * 0.84)}" height="${n(28 * scale)}" rx="${n(8 * scale)}" fill="${darken(bowl, 0.25)}"/>`);
  const bodyFill = c.linear(
    [
      [0, darken(bowl, 0.25)],
      [0.35, lighten(bowl, 0.15)],
      [1, darken(bowl, 0.3)],
    ],
    0,
    0,
    1,
    0,
  );
  c.add(
    `<path d="M ${n(cx - rx)} ${n(top)} C ${n(cx - rx)} ${n(top + height * 0.75)} ${n(cx - rx * 0.55)} ${n(bottom)} ${n(cx)} ${n(bottom)} C ${n(cx + rx * 0.55)} ${n(bottom)} ${n(cx + rx)} ${n(top + height * 0.75)} ${n(cx + rx)} ${n(top)} Z" fill="${bodyFill}"/>`,
  );
  // glaze drips make the bowl read as hand-made ceramic
  const glaze = lighten(bowl, 0.35);
  for (let i = rng.int(3, 6); i > 0; i--) {
    const x = cx + rng.range(-0.75, 0.75) * rx;
    c.add(`<path d="M ${n(x)} ${n(top + ry * 0.6)} l 0 ${n(rng.range(20, 55) * scale)}" stroke="${glaze}" stroke-width="${n(rng.range(8, 16) * scale)}" stroke-linecap="round" opacity="0.5"/>`);
  }
  c.add(ellipse(cx, top, rx, ry, `fill="${lighten(bowl, 0.25)}"`));
  c.add(ellipse(cx, top + 1.5 * scale, rx - 10 * scale, ry - 4 * scale, `fill="${darken(bowl, 0.2)}"`));
  paint(c, rng, cx, top + ry * 0.22, rx - 18 * scale, (ry - 4 * scale) * 0.78);
}

interface Glass {
  cx: number;
  top: number;
  bottom: number;
  topRx: number;
  bottomRx: number;
  tilt: number;
}

function glassRx(g: Glass, y: number): number {
  return g.topRx + ((g.bottomRx - g.topRx) * (y - g.top)) / (g.bottom - g.top);
}

/** The glass volume from height y down: straight sides, rounded front at the bottom. */
function glassBody(g: Glass, y: number, inset = 0): string {
  const rx = glassRx(g, y) - inset;
  const bottom = g.bottom - inset;
  const brx = g.bottomRx - inset;
  return `M ${n(g.cx - rx)} ${n(y)} L ${n(g.cx - brx)} ${n(bottom)} A ${n(brx)} ${n(brx * g.tilt)} 0 0 0 ${n(g.cx + brx)} ${n(bottom)} L ${n(g.cx + rx)} ${n(y)} Z`;
}

function drawIce(c: Canvas, rng: Rng, g: Glass, surfaceY: number, clip: string): void {
  const cubes: string[] = [];
  const count = rng.int(3, 5);
  for (let i = 0; i < count; i++) {
    const size = rng.range(58, 80) * (g.topRx / 120);
    const x = g.cx + (i / (count - 1) - 0.5) * glassRx(g, surfaceY) * 1.3 + rng.range(-10, 10);
    const y = surfaceY + rng.range(-25, 45);
    cubes.push(
      `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rng.range(-35, 35))})">` +
        `<rect x="${n(-size / 2)}" y="${n(-size / 2)}" width="${n(size)}" height="${n(size)}" rx="${n(size * 0.18)}" fill="#ffffff" fill-opacity="0.22" stroke="#ffffff" stroke-opacity="0.6" stroke-width="2.5"/>` +
        `<path d="M ${n(-size * 0.3)} ${n(-size * 0.25)} L ${n(size * 0.15)} ${n(-size * 0.3)}" stroke="#ffffff" stroke-opacity="0.7" stroke-width="4" stroke-linecap="round"/></g>`,
    );
  }
  c.add(`<g clip-path="${clip}">${cubes.join('')}</g>`);
}

function drawStraw(c: Canvas, rng: Rng, x: number, fromY: number, length: number, width: number): void {
  const color = rng.pick(STRAW_COLORS);
  const angle = rng.range(8, 20) * (rng.chance(0.5) ? 1 : -1);
  c.add(
    `<g transform="rotate(${n(angle)} ${n(x)} ${n(fromY)})">` +
      `<rect x="${n(x - width / 2)}" y="${n(fromY - length)}" width="${n(width)}" height="${n(length)}" fill="${c.linear(
        [
          [0, darken(color, 0.2)],
          [0.4, lighten(color, 0.25)],
          [1, darken(color, 0.25)],
        ],
        0,
        0,
        1,
        0,
      )}"/>` +
      ellipse(x, fromY - length, width / 2, width * 0.2, `fill="${darken(color, 0.45)}"`) +
      `</g>`,
  );
}

function drawDroplets(c: Canvas, rng: Rng, g: Glass, clip: string): void {
  const drops: string[] = [];
  for (let i = rng.int(18, 30); i > 0; i--) {
    const y = rng.range(g.top + (g.bottom - g.top) * 0.3, g.bottom - 10);
    const x = g.cx + rng.range(-0.9, 0.9) * glassRx(g, y);
    const r = rng.range(2, 4.5);
    drops.push(ellipse(x + 1, y + 1.5, r, r * 1.3, `fill="#000000" opacity="0.12"`));
    drops.push(ellipse(x, y, r, r * 1.3, `fill="#ffffff" opacity="${n(rng.range(0.25, 0.5))}"`));
  }
  c.add(`<g clip-path="${clip}">${drops.join('')}</g>`);
}

/** The glass itself, drawn over its contents: a faint tint, bright edges and a highlight. */
function drawGlassShell(c: Canvas, g: Glass): void {
  const tint = c.linear(
    [
      [0, '#ffffff', 0.35],
      [0.2, '#ffffff', 0.08],
      [0.75, '#ffffff', 0.05],
      [1, '#ffffff', 0.3],
    ],
    0,
    0,
    1,
    0,
  );
  c.add(`<path d="${glassBody(g, g.top)}" fill="${tint}" stroke="#ffffff" stroke-opacity="0.65" stroke-width="3"/>`);
  c.add(ellipse(g.cx, g.top, g.topRx, g.topRx * g.tilt, `fill="none" stroke="#ffffff" stroke-opacity="0.75" stroke-width="3.5"`));
  const hx = g.cx - g.topRx * 0.68;
  c.add(
    `<path d="M ${n(hx)} ${n(g.top + 30)} L ${n(g.cx - g.bottomRx * 0.66)} ${n(g.bottom - 30)}" stroke="#ffffff" stroke-opacity="0.45" stroke-width="14" stroke-linecap="round" filter="${c.blur(3)}"/>`,
  );
}

interface Layer {
  from: number;
  color: string;
}

/** Liquid filling the glass from surfaceY, shaded top to bottom through the given layers. */
function drawLiquid(c: Canvas, g: Glass, surfaceY: number, layers: readonly Layer[]): void {
  const stops: Stop[] = layers.map((layer) => [layer.from, layer.color]);
  c.add(`<path d="${glassBody(g, surfaceY, 5)}" fill="${c.linear(stops)}"/>`);
  const rx = glassRx(g, surfaceY) - 5;
  c.add(ellipse(g.cx, surfaceY, rx, rx * g.tilt, `fill="${lighten(layers[0].color, 0.12)}"`));
}

function drawTallGlass(c: Canvas, rng: Rng, cx: number, baseY: number, scale: number, layers: readonly Layer[], straw: boolean): void {
  const g: Glass = { cx, top: baseY - 370 * scale, bottom: baseY - 12 * scale, topRx: 118 * scale, bottomRx: 96 * scale, tilt: 0.22 };
  const clip = c.clip(`<path d="${glassBody(g, g.top - 80)}"/>`);
  softShadow(c, cx + 35 * scale, baseY, g.bottomRx * 1.5, 30 * scale);
  const surfaceY = g.top + (g.bottom - g.top) * rng.range(0.12, 0.2);
  if (straw) drawStraw(c, rng, cx + rng.range(-0.3, 0.3) * g.topRx, surfaceY + 10, 300 * scale, 20 * scale);
  drawLiquid(c, g, surfaceY, layers);
  drawIce(c, rng, g, surfaceY, clip);
  drawDroplets(c, rng, g, clip);
  drawGlassShell(c, g);
}

function drawColdBrew(c: Canvas, rng: Rng, cx: number, baseY: number, scale: number): void {
  const creamy = rng.chance(0.4);
  const layers: Layer[] = creamy
    ? [
        { from: 0, color: '#c9a27e' },
        { from: 0.25, color: '#8a5a36' },
        { from: 0.55, color: '#4a2c18' },
        { from: 1, color: '#2f1a0d' },
      ]
    : [
        { from: 0, color: '#5a3620' },
        { from: 0.5, color: '#3b2314' },
        { from: 1, color: '#26150b' },
      ];
  drawTallGlass(c, rng, cx, baseY, scale, layers, rng.chance(0.6));
}

function drawIcedMatcha(c: Canvas, rng: Rng, cx: number, baseY: number, scale: number): void {
  const green = rng.pick(['#86ad4c', '#7aa343', '#93b95a']);
  const split = rng.range(0.35, 0.5);
  drawTallGlass(
    c,
    rng,
    cx,
    baseY,
    scale,
    [
      { from: 0, color: lighten(green, 0.1) },
      { from: split, color: green },
      { from: split + 0.12, color: '#e9efd8' },
      { from: 1, color: '#f4f0e6' },
    ],
    rng.chance(0.5),
  );
}

function drawBoba(c: Canvas, rng: Rng, cx: number, baseY: number, scale: number): void {
  const tea = rng.pick(['#c79a6b', '#d6b48e', '#b98a5e', '#e2c7a4', '#a87650']);
  const tiger = rng.chance(0.45);
  const g: Glass = { cx, top: baseY - 410 * scale, bottom: baseY - 12 * scale, topRx: 128 * scale, bottomRx: 98 * scale, tilt: 0.22 };
  softShadow(c, cx + 35 * scale, baseY, g.bottomRx * 1.5, 30 * scale);
  const filmY = g.top + 8 * scale;
  const liquidClip = c.clip(`<path d="${glassBody(g, filmY, 5)}"/>`);
  c.add(
    `<path d="${glassBody(g, filmY, 5)}" fill="${c.linear([
      [0, lighten(tea, 0.1)],
      [1, darken(tea, 0.12)],
    ])}"/>`,
  );

  const extras: string[] = [];
  if (tiger) {
    // brown sugar syrup running down the inside of the cup: drips that taper towards the bottom
    const drips: string[] = [];
    const count = rng.int(8, 12);
    for (let i = 0; i < count; i++) {
      const x = cx + ((i + rng.range(-0.3, 0.3)) / (count - 1) - 0.5) * 1.8 * g.topRx;
      const y = filmY - 20;
      const length = rng.range(0.3, 0.7) * (g.bottom - g.top);
      const w = rng.range(10, 24) * scale;
      const dx = rng.range(-35, 35) * scale;
      drips.push(
        `<path d="M ${n(x - w)} ${n(y)} C ${n(x - w)} ${n(y + length * 0.4)} ${n(x + dx - w * 0.5)} ${n(y + length * 0.7)} ${n(x + dx)} ${n(y + length)} C ${n(x + dx + w * 0.5)} ${n(y + length * 0.7)} ${n(x + w)} ${n(y + length * 0.4)} ${n(x + w)} ${n(y)} Z" fill="#6e3b17" fill-opacity="${n(rng.range(0.35, 0.65))}"/>`,
      );
    }
    extras.push(`<g filter="${c.blur(2.5)}">${drips.join('')}</g>`);
  }
  const pearlRadius = 15 * scale;
  for (let row = 0; row < 5; row++) {
    const y = g.bottom - pearlRadius * 0.9 - row * pearlRadius * 1.55;
    const rx = glassRx(g, y);
    for (let x = cx - rx + pearlRadius * 0.6; x < cx + rx; x += pearlRadius * 1.85) {
      if (row === 4 && rng.chance(0.5)) continue;
      const px = x + rng.range(-4, 4);
      const py = y + rng.range(-4, 4);
      extras.push(
        `<circle cx="${n(px)}" cy="${n(py)}" r="${n(pearlRadius)}" fill="${rng.pick(['#2a160c', '#351d10', '#24130a'])}"/>` +
          `<circle cx="${n(px - pearlRadius * 0.35)}" cy="${n(py - pearlRadius * 0.35)}" r="${n(pearlRadius * 0.28)}" fill="#ffffff" opacity="0.35"/>`,
      );
    }
  }
  c.add(`<g clip-path="${liquidClip}">${extras.join('')}</g>`);
  drawDroplets(c, rng, g, liquidClip);
  drawGlassShell(c, g);

  const accent = rng.pick(STRAW_COLORS);
  c.add(ellipse(cx, filmY, g.topRx - 4, (g.topRx - 4) * g.tilt, `fill="#ffffff" fill-opacity="0.55" stroke="${accent}" stroke-width="4"`));
  c.add(ellipse(cx, filmY, (g.topRx - 4) * 0.55, (g.topRx - 4) * g.tilt * 0.55, `fill="none" stroke="${accent}" stroke-width="3" stroke-opacity="0.6"`));
  const strawX = cx + rng.range(-0.25, 0.25) * g.topRx;
  drawStraw(c, rng, strawX, filmY, 260 * scale, 30 * scale);
  c.add(ellipse(strawX, filmY, 18 * scale, 5 * scale, `fill="#2a1a0e" opacity="0.25"`));
}

// ---------------------------------------------------------------------------------------------------
// Photos

type PropPainter = (c: Canvas, rng: Rng, x: number, y: number) => void;

const TABLE_PROPS: Record<DrinkKind, readonly PropPainter[]> = {
  coffee: [drawBeans, drawSpoon, drawNapkin, drawCookie],
  tea: [drawLooseLeaves, drawSpoon, drawNapkin, drawCookie],
  boba: [drawNapkin, drawCookie],
  matcha: [drawLooseLeaves, drawNapkin, drawSpoon],
  'cold-brew': [drawBeans, drawNapkin, drawCookie],
};

function drawDrink(c: Canvas, rng: Rng, kind: DrinkKind, cx: number, baseY: number, scale: number): void {
  switch (kind) {
    case 'coffee':
      return drawCupOnSaucer(c, rng, cx, baseY, scale, paintCoffee);
    case 'tea':
      return drawCupOnSaucer(c, rng, cx, baseY, scale, paintTea);
    case 'matcha':
      return rng.chance(0.5) ? drawBowl(c, rng, cx, baseY, scale, paintMatcha) : drawIcedMatcha(c, rng, cx, baseY, scale);
    case 'boba':
      return drawBoba(c, rng, cx, baseY, scale);
    case 'cold-brew':
      return drawColdBrew(c, rng, cx, baseY, scale);
  }
}

/** Half the width a drink takes on the table at scale 1, so props stand beside it rather than under it. */
const FOOTPRINT: Record<DrinkKind, number> = { coffee: 265, tea: 265, matcha: 190, boba: 135, 'cold-brew': 125 };

/** Draws a prop scaled about its own position, so props grow with the close-up like the drink does. */
function drawScaled(c: Canvas, scale: number, x: number, y: number, draw: () => void): void {
  c.add(`<g transform="translate(${n(x)} ${n(y)}) scale(${Math.round(scale * 100) / 100}) translate(${n(-x)} ${n(-y)})">`);
  draw();
  c.add('</g>');
}

/** A 1200x900 SVG of the drink on a café table; the same kind and seed always give the same picture. */
export function drinkPhotoSvg(kind: DrinkKind, seed: number): string {
  const rng = createRng(seed);
  const c = new Canvas(PHOTO_WIDTH, PHOTO_HEIGHT);
  const horizon = rng.range(280, 400);
  drawBackdrop(c, rng, horizon);

  const side = rng.chance(0.5) ? 1 : -1;
  const cx = PHOTO_WIDTH / 2 - side * rng.range(40, 130);
  const scale = rng.range(1.3, 1.55);
  const baseY = rng.range(770, 830);
  if (rng.chance(0.6)) {
    const back = kind === 'tea' && rng.chance(0.6) ? drawTeapot : drawPlant;
    const x = cx - side * rng.range(330, 430);
    const y = horizon + rng.range(50, 80);
    drawScaled(c, scale * 0.8, x, y, () => back(c, rng, x, y));
  }
  if (rng.chance(0.85)) {
    const prop = rng.pick(TABLE_PROPS[kind]);
    const x = cx + side * (FOOTPRINT[kind] + rng.range(80, 130)) * scale;
    const y = baseY + rng.range(-30, 20);
    drawScaled(c, scale, x, y, () => prop(c, rng, x, y));
  }
  drawDrink(c, rng, kind, cx, baseY, scale);
  drawVignette(c);
  return c.toString();
}

export function renderDrinkPhoto(kind: DrinkKind, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(drinkPhotoSvg(kind, seed))).png({ compressionLevel: 1 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------------
// Avatars

function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Initials on a coloured circle, 512x512; consecutive seeds get different colours. */
export function avatarSvg(firstName: string, lastName: string, seed: number): string {
  const color = AVATAR_COLORS[Math.abs(Math.trunc(seed)) % AVATAR_COLORS.length];
  const c = new Canvas(AVATAR_SIZE, AVATAR_SIZE);
  const half = AVATAR_SIZE / 2;
  const fill = c.radial(
    [
      [0, lighten(color, 0.2)],
      [1, darken(color, 0.12)],
    ],
    0.35,
    0.3,
    0.85,
  );
  c.add(`<circle cx="${half}" cy="${half}" r="${half}" fill="${fill}"/>`);
  c.add(
    `<text x="${half}" y="${half + 72}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="200" fill="#ffffff" fill-opacity="0.95">${escapeXml(initialsOf(firstName, lastName))}</text>`,
  );
  return c.toString();
}

export function renderAvatar(firstName: string, lastName: string, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(firstName, lastName, seed))).png().toBuffer();
}
