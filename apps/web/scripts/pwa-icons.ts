/**
 * The installed app's icons (the web app manifest's), drawn from the brand mark in public/favicon.svg:
 * - icon-192.png, icon-512.png: the round mark on a transparent square ("any"), as the browser tab shows it;
 * - icon-maskable-512.png: the cup on a full-bleed brand square, scaled to stay inside the middle 80 % circle that
 *   every launcher's mask keeps (the "safe zone" of maskable icons), so no mask crops it.
 * Run `pnpm --filter @siplog/web icons` after changing the mark; the PNGs are committed (public/icons), and
 * src/pwa/pwa-icons.spec.ts fails while they are out of date.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
export const ICONS_DIR = path.join(publicDir, 'icons');

/** The mark's drawing inside its circle: everything of the SVG but the circle. */
function markParts(svg: string): { background: string; drawing: string } {
  const circle = /<circle [^>]*fill="(#[0-9a-f]{6})"[^>]*\/>/i.exec(svg);
  if (!circle) throw new Error('favicon.svg: no background circle');
  const body = svg.slice(svg.indexOf('>', svg.indexOf('<svg')) + 1, svg.lastIndexOf('</svg>')).replace(circle[0], '');
  return { background: circle[1], drawing: body.trim() };
}

/**
 * How much of the 64-unit square the cup may span in the maskable icon: its drawing reaches about 29 units from the
 * centre (a corner of the steam or the saucer line), and the safe zone's radius is 0.4 × 64 = 25.6 units.
 */
const MASKABLE_SCALE = 0.84;

export function maskableSvg(svg: string): string {
  const { background, drawing } = markParts(svg);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">',
    `<rect width="64" height="64" fill="${background}"/>`,
    `<g transform="translate(32 32) scale(${MASKABLE_SCALE}) translate(-32 -32)">${drawing}</g>`,
    '</svg>',
  ].join('');
}

export interface IconFile {
  name: string;
  size: number;
  png: () => Promise<Buffer>;
}

export function iconFiles(svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8')): IconFile[] {
  // A density that draws the 64-unit SVG at the wanted size directly (no upscaling of a small raster).
  const render = (source: string, size: number) => () =>
    sharp(Buffer.from(source), { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  return [
    { name: 'icon-192.png', size: 192, png: render(svg, 192) },
    { name: 'icon-512.png', size: 512, png: render(svg, 512) },
    { name: 'icon-maskable-512.png', size: 512, png: render(maskableSvg(svg), 512) },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(ICONS_DIR, { recursive: true });
  for (const icon of iconFiles()) {
    fs.writeFileSync(path.join(ICONS_DIR, icon.name), await icon.png());
    process.stdout.write(`wrote public/icons/${icon.name}\n`);
  }
}
