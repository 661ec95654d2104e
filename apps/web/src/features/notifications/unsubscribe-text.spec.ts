import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EMAIL_LABELS, NOTIFICATION_KINDS } from '@siplog/contracts';
import { toSecondPerson, unsubscribeOutcome } from './unsubscribe-text';

describe('unsubscribeOutcome', () => {
  it('says which e-mails stop, in the second person', () => {
    expect(unsubscribeOutcome('comment', false)).toBe('You will no longer get e-mails when someone comments on your review.');
    expect(unsubscribeOutcome('follow', false)).toBe('You will no longer get e-mails when someone follows you.');
    expect(unsubscribeOutcome('place_review', false)).toBe('You will no longer get e-mails when a place you follow gets a review.');
    expect(unsubscribeOutcome('reply', true)).toBe('You will get e-mails again when someone replies after your comment.');
  });

  it('speaks of every notification e-mail for an all-kinds link', () => {
    expect(unsubscribeOutcome('all', false)).toBe('You will no longer get notification e-mails from Siplog.');
    expect(unsubscribeOutcome('all', true)).toBe('You will get notification e-mails from Siplog again.');
  });

  it('leaves no first person in any kind', () => {
    for (const kind of NOTIFICATION_KINDS) expect(toSecondPerson(NOTIFICATION_EMAIL_LABELS[kind])).not.toMatch(/\b(my|me|I)\b/);
  });
});
