import { createContext, useContext } from 'react';
import type { QuickPostPlace } from './quick-post-place';

export interface QuickPostApi {
  /**
   * Opens the Quick Post drawer, with `place` chosen when given (a place page, a map card); a guest is asked to
   * log in instead (spec §6).
   */
  openQuickPost: (place?: QuickPostPlace | null) => void;
}

export const QuickPostContext = createContext<QuickPostApi | null>(null);

export function useQuickPost(): QuickPostApi {
  const api = useContext(QuickPostContext);
  if (!api) throw new Error('useQuickPost needs a QuickPostProvider');
  return api;
}

/** The drawer's own chunk: loaded on the first open, or earlier when a pointer comes near a Quick Post button. */
export const loadQuickPostDrawer = () => import('./QuickPostDrawer');

export function preloadQuickPostDrawer(): void {
  loadQuickPostDrawer().catch(() => undefined); // a failed preload is retried by the open itself
}
