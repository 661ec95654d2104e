import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The colour tokens of the :root rule in global.css, by name (`--sip-accent` → `#b4602a`). */
function rootTokens(): Record<string, string> {
  const css = fs.readFileSync(new URL('./global.css', import.meta.url), 'utf8');
  const root = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';
  return Object.fromEntries([...root.matchAll(/(--sip-[\w-]+)\s*:\s*(#[0-9a-f]{6})\s*;/gi)].map(([, name, value]) => [name, value.toLowerCase()]));
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const AA_TEXT = 4.5;

describe('colour contrast of the brand tokens (WCAG AA, normal text)', () => {
  const tokens = rootTokens();

  it('reads the tokens from global.css', () => {
    expect(tokens['--sip-accent']).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('the primary button: white on --sip-accent, and on its hover colour', () => {
    expect(contrast('#ffffff', tokens['--sip-accent'])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast('#ffffff', tokens['--sip-accent-strong'])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('text tokens on the page and surface backgrounds, and links on the soft accent', () => {
    for (const text of ['--sip-ink', '--sip-ink-soft', '--sip-muted', '--sip-accent-strong', '--sip-danger']) {
      for (const background of ['--sip-page', '--sip-surface']) {
        expect(contrast(tokens[text], tokens[background]), `${text} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
    expect(contrast(tokens['--sip-accent-strong'], tokens['--sip-accent-soft'])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('is computed as WCAG defines it', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The colour issue 11 found: just under AA.
    expect(contrast('#ffffff', '#b5602a')).toBeLessThan(AA_TEXT);
  });
});
