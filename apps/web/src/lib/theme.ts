import { useSyncExternalStore } from 'react';

/**
 * The colour theme (issue 19): the person's choice in the menu (System by default, Light or Dark), remembered in
 * this browser, and the theme it makes. index.html's first script sets `data-theme` on <html> before the first
 * paint with the same rule as `resolveTheme` (a unit test holds them together); this module keeps it current when
 * the choice, the system's setting or another tab's choice changes.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
/** The localStorage key; index.html's script reads it too. */
export const THEME_STORAGE_KEY = 'siplog-theme';
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

export function resolveTheme(choice: ThemeChoice, systemIsDark: boolean): Theme {
  return choice === 'system' ? (systemIsDark ? 'dark' : 'light') : choice;
}

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    // Storage can be refused (a privacy setting): the system decides.
    return 'system';
  }
}

/** The choice when storage refuses to keep it: this page follows it until it is left. */
let choiceForPage: ThemeChoice | null = null;
const choiceNow = (): ThemeChoice => choiceForPage ?? readThemeChoice();

const systemQuery = (): MediaQueryList | null => (typeof matchMedia === 'function' ? matchMedia(SYSTEM_DARK) : null);

export function currentTheme(): Theme {
  return resolveTheme(choiceNow(), systemQuery()?.matches ?? false);
}

const listeners = new Set<() => void>();

function applyTheme(): void {
  const theme = currentTheme();
  if (document.documentElement.dataset.theme !== theme) document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
    choiceForPage = null;
  } catch {
    choiceForPage = choice;
  }
  applyTheme();
}

let started = false;

/** Keeps `data-theme` current: the system's setting and another tab's choice change it while the page is open. */
export function followTheme(): void {
  if (started) return;
  started = true;
  systemQuery()?.addEventListener('change', applyTheme);
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) applyTheme();
  });
  applyTheme();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The person's choice, and the theme shown. */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  const choice = useSyncExternalStore(subscribe, choiceNow);
  const theme = useSyncExternalStore(subscribe, () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'));
  return { choice, theme };
}
