import { describe, expect, it } from 'vitest';
import { groupKeyOf, groupNotifications } from './notification-groups';
import type { NotificationView } from './types';

let nextId = 100;
/** A notification as the API answers it; newest-first lists are written newest first. */
function note(fields: Partial<NotificationView> & Pick<NotificationView, 'kind' | 'actor_username'>): NotificationView {
  const id = nextId--;
  return { notification_id: id, created_at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(), read: false, ...fields };
}
const review = (post_id: number) => ({ post_id, establishment_id: 7, establishment_name: 'Dark Matter Coffee' });

describe('groupNotifications', () => {
  it('makes likes of one review one line, each person once, the most recent first', () => {
    const groups = groupNotifications([
      note({ kind: 'like', actor_username: 'maya_sips', ...review(1) }),
      note({ kind: 'like', actor_username: 'ben', ...review(1) }),
      note({ kind: 'like', actor_username: 'carla', ...review(1) }),
      note({ kind: 'like', actor_username: 'ben', ...review(1) }),
      note({ kind: 'like', actor_username: 'dev', ...review(1) }),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0].actors).toEqual(['maya_sips', 'ben', 'carla', 'dev']);
    expect(groups[0].count).toBe(5);
    expect(groups[0].newest.actor_username).toBe('maya_sips');
  });

  it('keeps other reviews and other kinds apart, each line where its most recent notification stands', () => {
    const list = [
      note({ kind: 'comment', actor_username: 'ann', ...review(2), comment: 'Nice' }),
      note({ kind: 'like', actor_username: 'ann', ...review(1) }),
      note({ kind: 'like', actor_username: 'ben', ...review(2) }),
      note({ kind: 'comment', actor_username: 'ben', ...review(2), comment: 'Agreed' }),
      note({ kind: 'like', actor_username: 'carla', ...review(1) }),
    ];
    const groups = groupNotifications(list);
    expect(groups.map((group) => [group.key, group.actors])).toEqual([
      ['comment:2', ['ann', 'ben']],
      ['like:1', ['ann', 'carla']],
      ['like:2', ['ben']],
    ]);
    expect(groups[0].newest.comment).toBe('Nice');
  });

  it('puts all follows in one line, place reviews together by place, and mentions in a review apart from those in comments', () => {
    const groups = groupNotifications([
      note({ kind: 'follow', actor_username: 'ann' }),
      note({ kind: 'place_review', actor_username: 'ben', post_id: 5, establishment_id: 7, establishment_name: 'Dark Matter Coffee' }),
      note({ kind: 'mention', actor_username: 'carla', ...review(3) }),
      note({ kind: 'mention', actor_username: 'dev', ...review(3), comment: '@you look' }),
      note({ kind: 'follow', actor_username: 'ben' }),
      note({ kind: 'place_review', actor_username: 'carla', post_id: 6, establishment_id: 7, establishment_name: 'Dark Matter Coffee' }),
      note({ kind: 'place_review', actor_username: 'dev', post_id: 8, establishment_id: 9, establishment_name: 'Intelligentsia' }),
    ]);
    expect(groups.map((group) => [group.key, group.actors])).toEqual([
      ['follow', ['ann', 'ben']],
      ['place_review:7', ['ben', 'carla']],
      ['mention:3:review', ['carla']],
      ['mention:3:comment', ['dev']],
      ['place_review:9', ['dev']],
    ]);
  });

  it('marks a line new when any of its notifications is new', () => {
    const [older, newer] = [note({ kind: 'like', actor_username: 'ann', ...review(1), read: true }), note({ kind: 'like', actor_username: 'ben', ...review(1) })];
    expect(groupNotifications([older]).map((group) => group.isNew)).toEqual([false]);
    expect(groupNotifications([older, newer]).map((group) => group.isNew)).toEqual([true]);
    // The page says what is new for this visit (read on the server by now, still new on screen).
    const shownAsNew = new Set([older.notification_id]);
    expect(groupNotifications([older], (item) => shownAsNew.has(item.notification_id))[0].isNew).toBe(true);
  });

  it('answers no lines for no notifications', () => {
    expect(groupNotifications([])).toEqual([]);
  });

  it('keys replies and comments on the same review apart', () => {
    expect(groupKeyOf(note({ kind: 'reply', actor_username: 'ann', ...review(1) }))).not.toBe(
      groupKeyOf(note({ kind: 'comment', actor_username: 'ann', ...review(1) })),
    );
  });
});

describe('reviewed reports (issue 17)', () => {
  it('keeps each one its own line, never grouped into one with others', () => {
    const groups = groupNotifications([
      note({ kind: 'report_reviewed', actor_username: '' }),
      note({ kind: 'like', actor_username: 'ben', ...review(1) }),
      note({ kind: 'report_reviewed', actor_username: '' }),
      note({ kind: 'report_reviewed', actor_username: '' }),
    ]);
    expect(groups.map((group) => [group.kind, group.count])).toEqual([
      ['report_reviewed', 1],
      ['like', 1],
      ['report_reviewed', 1],
      ['report_reviewed', 1],
    ]);
  });
});

describe('follow requests from other servers (issue 30)', () => {
  it('keeps each one its own line, each with its requester, apart from follows', () => {
    const groups = groupNotifications([
      note({ kind: 'follow_request', actor_username: 'ann@peer.example', actor_url: 'https://peer.example/@ann', remote_actor_id: 3 }),
      note({ kind: 'follow', actor_username: 'ben' }),
      note({ kind: 'follow_request', actor_username: 'eve@far.example', actor_url: 'https://far.example/@eve', remote_actor_id: 4 }),
    ]);
    expect(groups.map((group) => [group.kind, group.actors, group.newest.remote_actor_id])).toEqual([
      ['follow_request', ['ann@peer.example'], 3],
      ['follow', ['ben'], undefined],
      ['follow_request', ['eve@far.example'], 4],
    ]);
    expect(groups[0].remoteActors).toEqual({ 'ann@peer.example': 'https://peer.example/@ann' });
  });
});
