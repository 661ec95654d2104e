import type { inferRouterOutputs } from '@trpc/server';
import type { ReportAction, ReportKind } from '@siplog/contracts';
import type { AppRouter } from '@siplog/api';

/** A report as the Reports panel gets it (issue 17): who, why, when, and the content as it was reported. */
export type AdminReport = inferRouterOutputs<AppRouter>['admin']['reports']['reports'][number];
export type ReportedContent = AdminReport['content'];

/**
 * The reports on one target that one card shows: the open ones on the same review, comment or profile together (one
 * action closes them all), and closed ones together when the same action closed them at once. `lead` is the newest:
 * its content is shown and its id sent with the action.
 */
export interface ReportGroup {
  key: string;
  lead: AdminReport;
  reports: AdminReport[];
}

/** Groups the panel's list (already newest first) by target, keeping the order in which each target first appears. */
export function groupReports(reports: readonly AdminReport[]): ReportGroup[] {
  const groups = new Map<string, ReportGroup>();
  for (const report of reports) {
    const target = `${report.kind}:${report.target_id}`;
    const key = report.status === 'open' ? target : `${target}:${report.action ?? ''}:${report.closed_at ?? ''}`;
    const group = groups.get(key);
    if (group) group.reports.push(report);
    else groups.set(key, { key, lead: report, reports: [report] });
  }
  return [...groups.values()];
}

/** What a report is about, as the panel names it. */
export const KIND_LABELS: Record<ReportKind, string> = {
  post: 'Review',
  comment: 'Comment',
  user: 'Profile',
  remote_comment: 'Reply from elsewhere',
  remote_user: 'Person elsewhere',
  hours_change: 'Change of hours',
};

/**
 * The actions an open report offers: someone elsewhere cannot be suspended here (their server can block them), and a
 * person elsewhere has nothing here to remove.
 */
export function actionsFor(kind: ReportKind): ReportAction[] {
  if (kind === 'remote_user') return ['dismiss'];
  if (kind === 'remote_comment') return ['dismiss', 'remove'];
  return ['dismiss', 'remove', 'suspend'];
}

/** Who reported it: the person here, or the server whose moderators sent it (a Flag). */
export function reporterText(report: Pick<AdminReport, 'reporter_username' | 'from_server'>): string {
  return report.reporter_username ?? `${report.from_server ?? 'another server'} (their moderators)`;
}

/** The buttons of an open report; Remove says what it removes, since a profile is cleared rather than deleted. */
export function actionButtonLabel(action: ReportAction, kind: ReportKind): string {
  if (action === 'dismiss') return 'Dismiss';
  if (action === 'suspend') return 'Suspend account';
  if (kind === 'remote_comment') return 'Remove reply here';
  if (kind === 'hours_change') return 'Revert change';
  return kind === 'post' ? 'Remove review' : kind === 'comment' ? 'Remove comment' : 'Clear profile';
}

/** What was done, on a closed report. */
export function closedActionLabel(action: ReportAction | undefined, kind: ReportKind): string {
  if (action === 'dismiss') return 'Dismissed';
  if (action === 'suspend') return 'Account suspended';
  if (action === 'remove' && kind === 'hours_change') return 'Change reverted';
  if (action === 'remove') return kind === 'post' ? 'Review removed' : kind === 'comment' || kind === 'remote_comment' ? 'Comment removed' : 'Profile cleared';
  return 'Closed';
}

/** "1 open report" / "3 open reports". */
export function openReportsText(count: number): string {
  return `${count} open ${count === 1 ? 'report' : 'reports'}`;
}

/** Who the content belongs to and where it sits, in a line: "annlee's review of Dark Matter Coffee". */
export function describeTarget(content: ReportedContent): string {
  if (content.kind === 'post') return `${content.username}'s review of ${content.establishment_name}`;
  if (content.kind === 'comment') return `${content.username}'s comment on ${content.post.username}'s review of ${content.post.establishment_name}`;
  if (content.kind === 'remote_comment') return `${content.handle}'s reply on ${content.post.username}'s review of ${content.post.establishment_name}`;
  if (content.kind === 'remote_user') return `${content.handle} (on ${content.server})`;
  if (content.kind === 'hours_change') return `${content.username}'s change of the hours of ${content.establishment_name}`;
  return `${content.username}'s profile`;
}

/** What a suspension does, said before the admin confirms one (from a report or from FR Users). */
export const SUSPENSION_EFFECT =
  'Their sessions end, their profile, reviews and comments are hidden, and sign-in is refused until an admin unsuspends them.';

export interface ActionConfirm {
  title: string;
  body: string;
}

/**
 * The Yes/No question before an action, saying what it does and that it closes every open report on the target
 * (the server closes them all, so the admin should know how many go at once).
 */
export function actionConfirm(report: Pick<AdminReport, 'content' | 'owner_username' | 'target_open_reports'>, action: ReportAction): ActionConfirm {
  const { content } = report;
  const open = Math.max(1, report.target_open_reports);
  const closes = open === 1 ? 'The report closes' : `All ${open} open reports on it close`;
  const told = 'and the people who reported it are told it was reviewed.';
  if (action === 'dismiss') {
    return { title: 'Dismiss this report?', body: `Nothing changes for ${describeTarget(content)}. ${closes}, ${told}` };
  }
  if (action === 'suspend') {
    return {
      title: `Suspend ${report.owner_username}?`,
      body: `${SUSPENSION_EFFECT} ${closes}, ${told}`,
    };
  }
  if (content.kind === 'post') {
    return {
      title: 'Remove this review?',
      body: `${describeTarget(content)} is deleted with its photos, likes and comments. ${closes}, ${told} This cannot be undone.`,
    };
  }
  if (content.kind === 'comment') {
    return { title: 'Remove this comment?', body: `${describeTarget(content)} is deleted. ${closes}, ${told} This cannot be undone.` };
  }
  if (content.kind === 'hours_change') {
    return {
      title: 'Revert this change of hours?',
      body: `The hours of ${content.establishment_name} go back to what they were before ${content.username}'s change, unless someone has changed them since. ${closes}, ${told}`,
    };
  }
  if (content.kind === 'remote_comment' || content.kind === 'remote_user') {
    return { title: 'Remove this reply here?', body: `${describeTarget(content)} is removed here (it stays on ${content.server}). ${closes}, ${told}` };
  }
  return {
    title: 'Clear this profile?',
    body: `${content.username}'s bio, favourite order and profile images are removed; the account stays. ${closes}, ${told} This cannot be undone.`,
  };
}

/** What the panel says once an action went through (read out by its status line). */
export function actionDone(report: Pick<AdminReport, 'content' | 'owner_username'>, action: ReportAction): string {
  if (action === 'dismiss') return `Report on ${describeTarget(report.content)} dismissed.`;
  if (action === 'suspend') return `${report.owner_username} is suspended.`;
  if (report.content.kind === 'user') return `${report.content.username}'s profile is cleared.`;
  if (report.content.kind === 'hours_change') return `${describeTarget(report.content)} is reverted.`;
  return `${describeTarget(report.content)} is removed.`;
}
