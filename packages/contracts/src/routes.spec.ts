import { describe, expect, it } from 'vitest';
import { isWebRoute, placeLocationPath, postPath, webPageMatch, webPageOf } from './routes';

describe('the web route table', () => {
  it('knows every page of the app, with or without a trailing slash', () => {
    for (const path of ['/', '/login', '/mylog/', '/view/12', '/view/wicker-park', '/view/location/dark-matter-chicago', '/user/ann', '/user/name/Ann%20Lee', '/post/42', '/post/42/', '/testfeed']) {
      expect(isWebRoute(path), path).toBe(true);
    }
  });

  it('refuses paths that are no page', () => {
    for (const path of ['/nope', '/favicon.ico', '/view', '/view/1/2/3', '/user/ann/extra', '/admin/secret', '//', '/login/x', '/post', '/post/', '/post/1/comments']) {
      expect(isWebRoute(path), path).toBe(false);
    }
  });

  it('knows the admin screen only at the secret the server is given', () => {
    const isSecret = (secret: string) => secret === 's3cret';
    expect(isWebRoute('/admin/s3cret', isSecret)).toBe(true);
    expect(isWebRoute('/admin/s3cret/', isSecret)).toBe(true);
    for (const path of ['/admin/other', '/admin', '/admin/', '/admin/s3cret/x', '/admin/%E0%A4%A']) {
      expect(isWebRoute(path, isSecret), path).toBe(false);
    }
    expect(isWebRoute('/admin/s3cret')).toBe(false);
  });

  it('names the page a path is, as the web router picks it', () => {
    expect(webPageOf('/')).toBe('home');
    expect(webPageOf('/user/name/Ann%20Lee')).toBe('profileByName');
    expect(webPageOf('/user/ann')).toBe('profile');
    expect(webPageOf('/view/location/dark-matter')).toBe('placeByLocation');
    expect(webPageOf('/view/12/')).toBe('view');
    expect(webPageOf('/view/location')).toBeNull();
    expect(webPageOf('/admin/s3cret', (secret) => secret === 's3cret')).toBe('admin');
  });

  it("answers a page's parameters by their names in the route table, as the path gives them", () => {
    expect(webPageMatch('/')).toEqual({ page: 'home', params: {} });
    expect(webPageMatch('/user/Ann%20Lee/')).toEqual({ page: 'profile', params: { username: 'Ann%20Lee' } });
    expect(webPageMatch('/user/name/ann')).toEqual({ page: 'profileByName', params: { name: 'ann' } });
    expect(webPageMatch('/view/12')).toEqual({ page: 'view', params: { param: '12' } });
    expect(webPageMatch('/view/location/dark-matter')).toEqual({ page: 'placeByLocation', params: { location: 'dark-matter' } });
    expect(webPageMatch('/post/42')).toEqual({ page: 'post', params: { id: '42' } });
    expect(webPageMatch('/admin/s3cret', (secret) => secret === 's3cret')).toEqual({ page: 'admin', params: { secret: 's3cret' } });
    for (const path of ['/post/', '/nope', '/view/location', '/admin/s3cret']) expect(webPageMatch(path), path).toBeNull();
  });

  it('refuses a longer route without its parameter instead of reading it as one', () => {
    for (const path of ['/view/location', '/view/location/']) {
      expect(isWebRoute(path), path).toBe(false);
    }
    expect(isWebRoute('/view/locations')).toBe(true);
  });

  it("builds a place's readable address from its slug", () => {
    expect(placeLocationPath('dark-matter-coffee-chicago')).toBe('/view/location/dark-matter-coffee-chicago');
    expect(isWebRoute(placeLocationPath('dark-matter-coffee-chicago'))).toBe(true);
  });

  it("builds a review's own address from its id", () => {
    expect(postPath(42)).toBe('/post/42');
    expect(isWebRoute(postPath(42))).toBe(true);
  });
});
