import { describe, expect, it } from 'vitest';
import { isWebRoute } from './routes';

describe('the web route table', () => {
  it('knows every page of the app, with or without a trailing slash', () => {
    for (const path of ['/', '/login', '/mylog/', '/view/12', '/view/wicker-park', '/view/location/dark-matter-chicago', '/user/ann', '/user/name/Ann%20Lee', '/testfeed']) {
      expect(isWebRoute(path), path).toBe(true);
    }
  });

  it('refuses paths that are no page', () => {
    for (const path of ['/nope', '/favicon.ico', '/view', '/view/1/2/3', '/user/ann/extra', '/admin/secret', '//', '/login/x']) {
      expect(isWebRoute(path), path).toBe(false);
    }
  });
});
