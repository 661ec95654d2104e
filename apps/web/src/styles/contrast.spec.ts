import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = fs.readFileSync(new URL('./global.css', import.meta.url), 'utf8');

/** The colour tokens of one rule of global.css, by name (`--sip-accent` → `#b4602a`). */
function tokensOf(selector: RegExp): Record<string, string> {
  const rule = new RegExp(`${selector.source}\\s*{([^}]*)}`).exec(css)?.[1] ?? '';
  return Object.fromEntries([...rule.matchAll(/(--sip-[\w-]+)\s*:\s*(#[0-9a-f]{6})\s*;/gi)].map(([, name, value]) => [name, value.toLowerCase()]));
}

/** The light theme's tokens: the :root rule. */
function rootTokens(): Record<string, string> {
  return tokensOf(/:root/);
}

/** The dark theme's tokens: the :root rule, re-coloured by :root[data-theme='dark']. */
function darkTokens(): Record<string, string> {
  return { ...rootTokens(), ...tokensOf(/:root\[data-theme='dark'\]/) };
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

describe('colour contrast of both themes (WCAG AA, normal text; issue 19)', () => {
  const themes = { light: rootTokens(), dark: darkTokens() };
  const TEXT = ['--sip-ink', '--sip-ink-soft', '--sip-muted', '--sip-accent-strong', '--sip-danger', '--sip-success', '--sip-success-ink'];
  const BACKGROUNDS = ['--sip-page', '--sip-surface', '--sip-card'];

  it('the dark rule re-colours every colour token, and nothing else is left light', () => {
    const light = rootTokens();
    const dark = tokensOf(/:root\[data-theme='dark'\]/);
    expect(Object.keys(dark).sort()).toEqual(Object.keys(light).sort());
    for (const name of Object.keys(light)) expect(dark[name], name).not.toBe(light[name]);
    // Dark means dark: the page is near black, the ink near white.
    expect(luminance(dark['--sip-page'])).toBeLessThan(0.02);
    expect(luminance(dark['--sip-ink'])).toBeGreaterThan(0.7);
  });

  for (const [theme, tokens] of Object.entries(themes)) {
    it(`${theme}: text tokens on the page, surface and card backgrounds`, () => {
      // --sip-accent is a fill in the light theme (3.97:1 on the page, used for large marks only); dark reads it as text too.
      for (const text of theme === 'dark' ? [...TEXT, '--sip-accent'] : TEXT) {
        for (const background of BACKGROUNDS) {
          expect(contrast(tokens[text], tokens[background]), `${text} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
        }
      }
    });

    it(`${theme}: text on the soft fills (hover, chips, notices)`, () => {
      for (const text of ['--sip-ink', '--sip-ink-soft', '--sip-muted', '--sip-accent-strong']) {
        for (const background of ['--sip-accent-soft', '--sip-subtle']) {
          // The light theme's muted text on its soft fills is a known 4.25-4.4 (issue 11 kept it for secondary text).
          if (theme === 'light' && text === '--sip-muted') continue;
          expect(contrast(tokens[text], tokens[background]), `${text} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
        }
      }
      expect(contrast(tokens['--sip-danger'], tokens['--sip-danger-soft'])).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(tokens['--sip-success-ink'], tokens['--sip-success-soft'])).toBeGreaterThanOrEqual(AA_TEXT);
    });

    it(`${theme}: --sip-on-accent on every fill that carries it`, () => {
      for (const fill of ['--sip-accent', '--sip-accent-strong', '--sip-danger', '--sip-success-fill']) {
        expect(contrast(tokens['--sip-on-accent'], tokens[fill]), `on ${fill}`).toBeGreaterThanOrEqual(AA_TEXT);
      }
    });
  }
});
