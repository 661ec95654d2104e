import { FEDERATION_MESSAGES } from '@siplog/contracts';
import { describe, expect, it } from 'vitest';
import { checkDomainText, countText, deliveryWhat, deliveryWhen, domainDoneText, localDateTime, switchStateText, whenText } from './federation-view';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('checkDomainText', () => {
  it('takes a domain however it is typed: case, scheme, path, a handle', () => {
    expect(checkDomainText(' Spam.Example ')).toEqual({ ok: true, host: 'spam.example' });
    expect(checkDomainText('https://mastodon.social/about')).toEqual({ ok: true, host: 'mastodon.social' });
    expect(checkDomainText('@ann@Loud.Example')).toEqual({ ok: true, host: 'loud.example' });
  });

  it("refuses what is no domain with the contract's words", () => {
    for (const bad of ['', '   ', 'not a domain', 'localhost', 'a..b']) {
      expect(checkDomainText(bad)).toEqual({ ok: false, error: FEDERATION_MESSAGES.hostInvalid });
    }
  });
});

describe('whenText', () => {
  it('says a past moment as the rest of the app does', () => {
    expect(whenText(at(-30_000), NOW)).toBe('just now');
    expect(whenText(at(-5 * MINUTE), NOW)).toBe('5 min ago');
    expect(whenText(at(-3 * HOUR), NOW)).toBe('3 hours ago');
  });

  it('says a coming moment in minutes, hours, then as a local date', () => {
    expect(whenText(at(20_000), NOW)).toBe('in under a minute');
    expect(whenText(at(2 * MINUTE + 1), NOW)).toBe('in 3 min');
    expect(whenText(at(HOUR), NOW)).toBe('in 1 hour');
    expect(whenText(at(5 * HOUR + 10 * MINUTE), NOW)).toBe('in 5 hours');
    expect(whenText(at(3 * 24 * HOUR), NOW)).toBe(`on ${localDateTime(at(3 * 24 * HOUR))}`);
  });

  it('gives back what is no date rather than inventing one', () => {
    expect(whenText('soon', NOW)).toBe('soon');
    expect(localDateTime('soon')).toBe('soon');
  });
});

describe('deliveries', () => {
  it('names what is delivered and where, or to whose followers', () => {
    expect(deliveryWhat({ kind: 'outbox', activity_type: 'Create', target_host: 'dead.example' })).toBe('Create to dead.example');
    expect(deliveryWhat({ kind: 'fanout', activity_type: 'Update', target_host: null })).toBe("Update to an author's followers");
    expect(deliveryWhat({ kind: 'outbox', activity_type: null, target_host: null })).toBe('Activity');
  });

  it('says when a failed one failed, and when a waiting one is tried next', () => {
    expect(deliveryWhen({ failed_at: at(-5 * MINUTE), next_attempt_at: at(-HOUR) }, NOW)).toEqual({ label: 'Failed', iso: at(-5 * MINUTE), text: '5 min ago' });
    expect(deliveryWhen({ failed_at: null, next_attempt_at: at(10 * MINUTE) }, NOW)).toEqual({ label: 'Next attempt', iso: at(10 * MINUTE), text: 'in 10 min' });
    expect(deliveryWhen({ failed_at: null, next_attempt_at: at(-1) }, NOW).text).toBe('now');
  });
});

describe('words', () => {
  it('says what the switch means either way', () => {
    expect(switchStateText(true)).toMatch(/^On: .*follow people here/);
    expect(switchStateText(false)).toMatch(/^Off: .*nobody elsewhere/);
  });

  it('says what a call did', () => {
    expect(domainDoneText('spam.example', 'block')).toBe('spam.example is blocked.');
    expect(domainDoneText('loud.example', 'silence')).toBe('loud.example is silenced.');
    expect(domainDoneText('spam.example', null)).toBe('spam.example is neither blocked nor silenced any more.');
  });

  it('counts in the singular and the plural', () => {
    expect(countText(1, 'server', 'servers')).toBe('1 server');
    expect(countText(1200, 'server', 'servers')).toBe('1,200 servers');
  });
});
