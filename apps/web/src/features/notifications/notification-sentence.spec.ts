import { describe, expect, it } from 'vitest';
import { groupNotifications, type NotificationGroup } from './notification-groups';
import { groupHref, sentenceParts, sentenceText } from './notification-sentence';
import type { NotificationView } from './types';

const DARK_MATTER = { post_id: 12, establishment_id: 7, establishment_name: 'Dark Matter Coffee' };

function line(kind: NotificationView['kind'], actors: string[], fields: Partial<NotificationView> = {}): NotificationGroup {
  const notes = actors.map((actor_username, index) => ({
    notification_id: 50 - index,
    kind,
    actor_username,
    created_at: '2026-01-01T00:00:00.000Z',
    read: false,
    ...fields,
  }));
  const [group] = groupNotifications(notes);
  return group;
}

describe('sentenceText', () => {
  it("says the issue's line for four people liking a review", () => {
    expect(sentenceText(line('like', ['maya_sips', 'ben', 'carla', 'dev'], DARK_MATTER))).toBe(
      'maya_sips and 3 others liked your review of Dark Matter Coffee',
    );
  });

  it('names one or two people, and counts the others beyond the first', () => {
    expect(sentenceText(line('like', ['maya_sips'], DARK_MATTER))).toBe('maya_sips liked your review of Dark Matter Coffee');
    expect(sentenceText(line('like', ['maya_sips', 'ben'], DARK_MATTER))).toBe('maya_sips and ben liked your review of Dark Matter Coffee');
    expect(sentenceText(line('follow', ['maya_sips', 'ben', 'carla']))).toBe('maya_sips and 2 others followed you');
  });

  it('tells several people replying after one’s comment as one line, the most recent named (issue 26)', () => {
    const replies = line('reply', ['zoe', 'dan', 'cat'], { ...DARK_MATTER, comment: 'Third person' });
    expect(sentenceText(replies)).toBe('zoe and 2 others replied after your comment on a review of Dark Matter Coffee');
    expect(replies.newest.comment).toBe('Third person');
  });

  it('has a sentence for each kind', () => {
    expect(sentenceText(line('follow', ['ann']))).toBe('ann followed you');
    expect(sentenceText(line('comment', ['ann'], { ...DARK_MATTER, comment: 'Lovely' }))).toBe('ann commented on your review of Dark Matter Coffee');
    expect(sentenceText(line('reply', ['ann'], { ...DARK_MATTER, comment: 'Same here' }))).toBe(
      'ann replied after your comment on a review of Dark Matter Coffee',
    );
    expect(sentenceText(line('mention', ['ann'], DARK_MATTER))).toBe('ann mentioned you in a review of Dark Matter Coffee');
    expect(sentenceText(line('mention', ['ann'], { ...DARK_MATTER, comment: 'ask @you' }))).toBe(
      'ann mentioned you in a comment on a review of Dark Matter Coffee',
    );
    expect(sentenceText(line('mention', ['ann', 'ben'], { ...DARK_MATTER, comment: 'ask @you' }))).toBe(
      'ann and ben mentioned you in comments on a review of Dark Matter Coffee',
    );
    expect(sentenceText(line('place_review', ['ann'], DARK_MATTER))).toBe('ann reviewed Dark Matter Coffee, a place you follow');
  });

  it('still reads when the place has no name', () => {
    const nameless = { post_id: 12, establishment_id: 7, establishment_name: '' };
    expect(sentenceText(line('like', ['ann'], nameless))).toBe('ann liked your review');
    expect(sentenceText(line('place_review', ['ann'], nameless))).toBe('ann reviewed a place you follow');
  });
});

describe('sentenceParts', () => {
  it('makes each named person a profile link and the review the line target', () => {
    expect(sentenceParts(line('comment', ['ann', 'ben'], DARK_MATTER))).toEqual([
      { text: 'ann', actor: 'ann' },
      { text: ' and ' },
      { text: 'ben', actor: 'ben' },
      { text: ' commented on ' },
      { text: 'your review of Dark Matter Coffee', target: true },
    ]);
  });

  it('gives follows no target: the people are the links', () => {
    expect(sentenceParts(line('follow', ['ann'])).some((part) => 'target' in part)).toBe(false);
  });
});

describe('groupHref', () => {
  it('leads to the review, the place, or the most recent follower', () => {
    expect(groupHref(line('like', ['ann'], DARK_MATTER))).toBe('/post/12');
    expect(groupHref(line('reply', ['ann'], DARK_MATTER))).toBe('/post/12');
    expect(groupHref(line('mention', ['ann'], DARK_MATTER))).toBe('/post/12');
    expect(groupHref(line('place_review', ['ann'], DARK_MATTER))).toBe('/view/7');
    expect(groupHref(line('follow', ['maya_sips', 'ben']))).toBe('/user/maya_sips');
  });
});

describe('a reviewed report (issue 17)', () => {
  it("reads exactly 'Your report was reviewed', names no one and links nowhere", () => {
    const group = line('report_reviewed', ['']);
    expect(sentenceText(group)).toBe('Your report was reviewed');
    expect(sentenceParts(group).some((part) => 'actor' in part || 'target' in part)).toBe(false);
    expect(groupHref(group)).toBeNull();
  });
});

describe('a follow request from another server (issue 30)', () => {
  it("reads '<handle> wants to follow you', the handle its only link (to their page there)", () => {
    const group = line('follow_request', ['ann@peer.example'], { actor_url: 'https://peer.example/@ann', remote_actor_id: 3 });
    expect(sentenceText(group)).toBe('ann@peer.example wants to follow you');
    expect(sentenceParts(group)).toEqual([{ text: 'ann@peer.example', actor: 'ann@peer.example' }, { text: ' wants to follow you' }]);
    expect(group.remoteActors['ann@peer.example']).toBe('https://peer.example/@ann');
    expect(groupHref(group)).toBeNull();
  });
});
