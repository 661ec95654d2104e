import { describe, expect, it } from 'vitest';
import {
  actionButtonLabel,
  actionConfirm,
  actionDone,
  closedActionLabel,
  describeTarget,
  groupReports,
  openReportsText,
  type AdminReport,
  type ReportedContent,
} from './report-view';

const review = {
  post_id: 7,
  username: 'annlee',
  establishment_name: 'Dark Matter Coffee',
  order: 'Cortado',
  review: 'Silky.',
  rating: 5,
  images: ['a.webp'],
};
const postContent: ReportedContent = { kind: 'post', ...review };
const commentContent: ReportedContent = { kind: 'comment', comment_id: 3, username: 'benortiz', comment: 'Nope.', post: review };
const profileContent: ReportedContent = { kind: 'user', username: 'carla', bio: 'Hi', fav_order: 'Flat white', profile_image: null };

const on = (content: ReportedContent, open: number): Pick<AdminReport, 'content' | 'owner_username' | 'target_open_reports'> => ({
  content,
  owner_username: 'username' in content ? content.username : content.handle,
  target_open_reports: open,
});

describe('the Reports panel words', () => {
  it('names the target by whose it is and where it sits', () => {
    expect(describeTarget(postContent)).toBe("annlee's review of Dark Matter Coffee");
    expect(describeTarget(commentContent)).toBe("benortiz's comment on annlee's review of Dark Matter Coffee");
    expect(describeTarget(profileContent)).toBe("carla's profile");
  });

  it('says what Remove removes for each kind, on the button and once closed', () => {
    expect(['post', 'comment', 'user'].map((kind) => actionButtonLabel('remove', kind as 'post'))).toEqual(['Remove review', 'Remove comment', 'Clear profile']);
    expect(actionButtonLabel('dismiss', 'user')).toBe('Dismiss');
    expect(actionButtonLabel('suspend', 'post')).toBe('Suspend account');
    expect(['post', 'comment', 'user'].map((kind) => closedActionLabel('remove', kind as 'post'))).toEqual(['Review removed', 'Comment removed', 'Profile cleared']);
    expect(closedActionLabel('dismiss', 'post')).toBe('Dismissed');
    expect(closedActionLabel('suspend', 'comment')).toBe('Account suspended');
    expect(closedActionLabel(undefined, 'comment')).toBe('Closed');
    expect([actionButtonLabel('remove', 'hours_change'), closedActionLabel('remove', 'hours_change')]).toEqual(['Revert change', 'Change reverted']);
  });

  it('counts open reports in words', () => {
    expect(openReportsText(1)).toBe('1 open report');
    expect(openReportsText(4)).toBe('4 open reports');
  });
});

describe('the Yes/No before an action', () => {
  it('says how many open reports the action closes', () => {
    expect(actionConfirm(on(postContent, 1), 'dismiss').body).toContain('The report closes, and the people who reported it are told');
    expect(actionConfirm(on(postContent, 3), 'dismiss').body).toContain('All 3 open reports on it close');
    // A closed report's count can be 0: the wording never says "0 open reports".
    expect(actionConfirm(on(postContent, 0), 'dismiss').body).toContain('The report closes');
  });

  it('says what goes with a removed review, comment or profile', () => {
    const post = actionConfirm(on(postContent, 1), 'remove');
    expect(post.title).toBe('Remove this review?');
    expect(post.body).toMatch(/^annlee's review of Dark Matter Coffee is deleted with its photos, likes and comments\./);
    expect(post.body).toMatch(/cannot be undone\.$/);
    expect(actionConfirm(on(commentContent, 2), 'remove')).toEqual({
      title: 'Remove this comment?',
      body: "benortiz's comment on annlee's review of Dark Matter Coffee is deleted. All 2 open reports on it close, and the people who reported it are told it was reviewed. This cannot be undone.",
    });
    const profile = actionConfirm(on(profileContent, 1), 'remove');
    expect(profile.title).toBe('Clear this profile?');
    expect(profile.body).toMatch(/^carla's bio, favourite order and profile images are removed; the account stays\./);
  });

  it("names the person a suspension is for, whatever was reported", () => {
    const suspend = actionConfirm({ ...on(commentContent, 1), owner_username: 'benortiz' }, 'suspend');
    expect(suspend.title).toBe('Suspend benortiz?');
    expect(suspend.body).toMatch(/^Their sessions end, .* sign-in is refused until an admin unsuspends them\. The report closes/);
  });

  it('words what was done for the status line', () => {
    expect(actionDone(on(postContent, 1), 'dismiss')).toBe("Report on annlee's review of Dark Matter Coffee dismissed.");
    expect(actionDone(on(postContent, 1), 'remove')).toBe("annlee's review of Dark Matter Coffee is removed.");
    expect(actionDone(on(profileContent, 1), 'remove')).toBe("carla's profile is cleared.");
    expect(actionDone(on(commentContent, 1), 'suspend')).toBe('benortiz is suspended.');
  });
});

describe('grouping the list by target', () => {
  let id = 0;
  const reportOn = (content: ReportedContent, target_id: string, extra: Partial<AdminReport> = {}): AdminReport => ({
    report_id: ++id,
    kind: content.kind,
    target_id,
    reason: 'spam',
    note: '',
    reporter_username: 'carla',
    created_at: '2026-11-27T01:00:00.000Z',
    status: 'open',
    owner_username: 'username' in content ? content.username : content.handle,
    owner_email: 'username' in content ? `${content.username}@example.com` : '',
    target_open_reports: 1,
    content,
    ...extra,
  });

  it('puts the open reports on one target on one card, in the order targets first appear, led by the newest', () => {
    const newestOnPost = reportOn(postContent, '7');
    const onProfile = reportOn(profileContent, 'carla');
    const olderOnPost = reportOn(postContent, '7');
    // A comment whose id happens to equal the post's is another target.
    const onComment = reportOn(commentContent, '7');
    const groups = groupReports([newestOnPost, onProfile, olderOnPost, onComment]);
    expect(groups.map((group) => [group.key, group.lead.report_id, group.reports.map((report) => report.report_id)])).toEqual([
      ['post:7', newestOnPost.report_id, [newestOnPost.report_id, olderOnPost.report_id]],
      ['user:carla', onProfile.report_id, [onProfile.report_id]],
      ['comment:7', onComment.report_id, [onComment.report_id]],
    ]);
  });

  it('keeps closed reports together only when one action closed them at once', () => {
    const closed = (action: 'dismiss' | 'remove', closed_at: string) => reportOn(postContent, '7', { status: 'closed', action, closed_at });
    const removedA = closed('remove', '2026-11-27T02:00:00.000Z');
    const removedB = closed('remove', '2026-11-27T02:00:00.000Z');
    const dismissedEarlier = closed('dismiss', '2026-11-27T01:30:00.000Z');
    const groups = groupReports([removedA, removedB, dismissedEarlier]);
    expect(groups.map((group) => group.reports.length)).toEqual([2, 1]);
    expect(groups[1].lead).toBe(dismissedEarlier);
  });

  it('answers nothing for an empty list', () => {
    expect(groupReports([])).toEqual([]);
  });
});
