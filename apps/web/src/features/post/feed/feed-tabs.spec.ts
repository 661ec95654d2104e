import { describe, expect, it } from 'vitest';
import { firstFeedTab, tabAfterKey } from './feed-tabs';

describe('the first feed tab of a signed-in person', () => {
  it('is Following once they follow at least one person or place', () => {
    expect(firstFeedTab(1, false)).toBe('following');
    expect(firstFeedTab(220, false)).toBe('following');
  });

  it('is Recent when they follow nobody', () => {
    expect(firstFeedTab(0, false)).toBe('recent');
  });

  it('waits for the Following feed’s answer, and is Recent when that failed', () => {
    expect(firstFeedTab(undefined, false)).toBeNull();
    expect(firstFeedTab(undefined, true)).toBe('recent');
  });
});

describe('moving between feed tabs by key', () => {
  it('steps with the arrows and wraps round at either end', () => {
    expect(tabAfterKey('recent', 'ArrowRight')).toBe('following');
    expect(tabAfterKey('following', 'ArrowRight')).toBe('recent');
    expect(tabAfterKey('following', 'ArrowLeft')).toBe('recent');
    expect(tabAfterKey('recent', 'ArrowLeft')).toBe('following');
  });

  it('jumps to the first and last with Home and End', () => {
    expect(tabAfterKey('following', 'Home')).toBe('recent');
    expect(tabAfterKey('recent', 'End')).toBe('following');
  });

  it('leaves every other key alone', () => {
    expect(tabAfterKey('recent', 'Enter')).toBeNull();
    expect(tabAfterKey('recent', 'ArrowDown')).toBeNull();
    expect(tabAfterKey('recent', 'a')).toBeNull();
  });
});
