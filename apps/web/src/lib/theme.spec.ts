import fs from 'node:fs';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followTheme, readThemeChoice, resolveTheme, setThemeChoice, THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from './theme';

/** A browser's storage, <html> and prefers-color-scheme, enough for the theme code. */
function fakeBrowser(stored: string | null, systemIsDark: boolean, { storageThrows = false } = {}) {
  const items = new Map<string, string>(stored === null ? [] : [[THEME_STORAGE_KEY, stored]]);
  const refuse = () => {
    throw new Error('SecurityError');
  };
  const localStorage = {
    getItem: (key: string) => (storageThrows ? refuse() : (items.get(key) ?? null)),
    setItem: (key: string, value: string) => (storageThrows ? refuse() : void items.set(key, value)),
    removeItem: (key: string) => (storageThrows ? refuse() : void items.delete(key)),
  };
  const changeListeners: (() => void)[] = [];
  const query = {
    matches: systemIsDark,
    addEventListener: (_type: string, listener: () => void) => changeListeners.push(listener),
  };
  const document = { documentElement: { dataset: {} as Record<string, string> } };
  const windowListeners = new Map<string, (event: { key: string | null }) => void>();
  const window = { addEventListener: (type: string, listener: (event: { key: string | null }) => void) => windowListeners.set(type, listener) };
  return {
    items,
    localStorage,
    document,
    window,
    matchMedia: (media: string) => (media === '(prefers-color-scheme: dark)' ? query : { matches: false, addEventListener: () => {} }),
    setSystemDark(dark: boolean) {
      query.matches = dark;
      for (const listener of changeListeners) listener();
    },
    otherTabStored(value: string | null) {
      if (value === null) items.delete(THEME_STORAGE_KEY);
      else items.set(THEME_STORAGE_KEY, value);
      windowListeners.get('storage')?.({ key: THEME_STORAGE_KEY });
    },
  };
}

/** index.html's inline script, run as the browser runs it before the first paint. */
function runIndexScript(browser: ReturnType<typeof fakeBrowser>): string | undefined {
  const html = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
  expect(scripts).toHaveLength(1);
  vm.runInNewContext(scripts[0], { localStorage: browser.localStorage, document: browser.document, matchMedia: browser.matchMedia });
  return browser.document.documentElement.dataset.theme;
}

describe('the theme before the first paint (index.html) and in the app (lib/theme.ts)', () => {
  it('agree for every stored value and system setting, and the app follows the same rule', () => {
    for (const stored of [null, 'system', 'light', 'dark', 'sepia', '']) {
      for (const systemIsDark of [false, true]) {
        const choice: ThemeChoice = stored === 'light' || stored === 'dark' ? stored : 'system';
        const expected = resolveTheme(choice, systemIsDark);
        expect(runIndexScript(fakeBrowser(stored, systemIsDark)), `${stored} / system dark ${systemIsDark}`).toBe(expected);
      }
    }
    // Storage refused (a privacy setting): the system decides.
    expect(runIndexScript(fakeBrowser('dark', true, { storageThrows: true }))).toBe('dark');
    expect(runIndexScript(fakeBrowser('dark', false, { storageThrows: true }))).toBe('light');
  });

  it('resolves a choice: System follows the system, Light and Dark do not', () => {
    expect(THEME_CHOICES).toEqual(['system', 'light', 'dark']);
    expect([resolveTheme('system', true), resolveTheme('system', false)]).toEqual(['dark', 'light']);
    expect([resolveTheme('light', true), resolveTheme('dark', false)]).toEqual(['light', 'dark']);
  });
});

describe('choosing and following the theme', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    browser = fakeBrowser(null, true);
    vi.stubGlobal('localStorage', browser.localStorage);
    vi.stubGlobal('document', browser.document);
    vi.stubGlobal('window', browser.window);
    vi.stubGlobal('matchMedia', browser.matchMedia);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('remembers Light and Dark, forgets the choice for System, and sets data-theme each time', () => {
    followTheme();
    expect(browser.document.documentElement.dataset.theme).toBe('dark');
    setThemeChoice('light');
    expect(browser.items.get(THEME_STORAGE_KEY)).toBe('light');
    expect(browser.document.documentElement.dataset.theme).toBe('light');
    expect(readThemeChoice()).toBe('light');
    setThemeChoice('dark');
    expect(browser.items.get(THEME_STORAGE_KEY)).toBe('dark');
    setThemeChoice('system');
    expect(browser.items.has(THEME_STORAGE_KEY)).toBe(false);
    expect(readThemeChoice()).toBe('system');
    expect(browser.document.documentElement.dataset.theme).toBe('dark');
  });

  it("follows the system's setting under System only, and another tab's choice", async () => {
    // followTheme listens once per page: a fresh module, as a fresh page.
    vi.resetModules();
    const theme = await import('./theme');
    theme.followTheme();
    browser.setSystemDark(false);
    expect(browser.document.documentElement.dataset.theme).toBe('light');
    theme.setThemeChoice('dark');
    browser.setSystemDark(false);
    expect(browser.document.documentElement.dataset.theme).toBe('dark');
    browser.otherTabStored('light');
    expect(browser.document.documentElement.dataset.theme).toBe('light');
    browser.otherTabStored(null);
    browser.setSystemDark(true);
    expect(browser.document.documentElement.dataset.theme).toBe('dark');
  });

  it('without storage, the page still follows the choice until it is left', () => {
    const refusing = fakeBrowser(null, false, { storageThrows: true });
    vi.stubGlobal('localStorage', refusing.localStorage);
    vi.stubGlobal('document', refusing.document);
    vi.stubGlobal('matchMedia', refusing.matchMedia);
    setThemeChoice('dark');
    expect(refusing.document.documentElement.dataset.theme).toBe('dark');
    setThemeChoice('system');
    expect(refusing.document.documentElement.dataset.theme).toBe('light');
  });
});
