import { describe, expect, it } from 'vitest';
import { pageTitle } from './useDocumentTitle';

describe('page titles', () => {
  it('name the screen, then the product', () => {
    expect(pageTitle('Log in')).toBe('Log in · Siplog');
    expect(pageTitle('@annlee')).toBe('@annlee · Siplog');
  });
});
