import { useCallback, useSyncExternalStore } from 'react';
import { LIMITS } from '@siplog/contracts';

/** The phone layout of spec §9 (770 px or less): the same breakpoint as the stylesheets' @media (max-width: 770px). */
export const MOBILE_LAYOUT_QUERY = `(max-width: ${LIMITS.mobileMaxWidth}px)`;

/** Whether a CSS media query matches now; re-renders when that changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
