import { useEffect } from 'react';

const APP_NAME = 'Siplog';

/** The browser tab's text for a screen: 'Log in · Siplog'. */
export function pageTitle(screen: string): string {
  return `${screen} · ${APP_NAME}`;
}

/** Sets the document title while the screen is shown; each route calls it with its own name. */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
