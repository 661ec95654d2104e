import { z } from 'zod';
import { LIMITS } from '../limits';
import { ADMIN_MESSAGES, AUTH_MESSAGES, INPUT_MESSAGES } from '../messages';
import { actingEmail, emailField, idField, plainText } from './fields';

/**
 * What can be reported (issue 17): a review, a comment or a person's profile; and (issue 30) a reply from someone on
 * another server (`remote_comment`, by its comment_id) or that person (`remote_user`, by their handle user@host); and
 * (issue 31) a change of a place's opening hours (`hours_change`, by its change id).
 */
export const REPORT_KINDS = ['post', 'comment', 'user', 'remote_comment', 'remote_user', 'hours_change'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Why, in the order the Report dialog lists them, with the words it shows. */
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'off_topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or hate',
  inappropriate: 'Inappropriate photo',
  off_topic: 'Not about a drinks place',
  other: 'Something else',
};

/** What an admin does with a report; each closes every open report on the same target. */
export const REPORT_ACTIONS = ['dismiss', 'remove', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_STATUSES = ['open', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const SAFETY_MESSAGES = {
  reportThanks: 'Thanks, an admin will look at it.',
  reportOwn: "You can't report yourself or your own content.",
  /** The report dialog's choice for content from elsewhere (issue 30): a Flag from this server, not from the reporter. */
  forwardReport: (server: string) => `Also send this report to ${server} (without your name)`,
  forwardOnlyElsewhere: 'forward applies only to reports about people on other servers.',
  forwardUnavailable: 'Reports cannot be sent to other servers right now. Send it without forwarding; an admin here still looks at it.',
  remoteCannotSuspend: 'Only people here can be suspended. Block or silence their server under Federation instead.',
  remoteNothingToRemove: 'There is nothing here to remove for someone elsewhere. Dismiss the report, or block them or their server.',
  remoteBlockedFollow: 'You blocked this person. Unblock them to follow.',
  remoteBlockNotFound: 'That person is not known here.',
  /** Who reported it, for a report another server sent (a Flag). */
  reportFromServer: (server: string) => `${server} (their moderators)`,
  reportTargetNotFound: 'What you reported is no longer here.',
  cannotInteract: "You can't interact with this person.",
  blockSelf: "You can't block yourself.",
  /** On one's own review, a folded comment by someone one blocked (issue 26): still there to delete or report. */
  blockedComment: 'Comment from someone you blocked',
  accountSuspended: 'This account is suspended.',
  suspendReasonRequired: 'Give a reason for the suspension.',
  reportNotFound: 'Report not found.',
  reportClosed: 'This report is already closed.',
  reportReviewed: 'Your report was reviewed',
  notSuspended: 'This account is not suspended.',
  cannotModerateSelf: "You can't do that to your own account here.",
  userSuspended: 'Account suspended',
  userUnsuspended: 'Account unsuspended',
  userDeleted: 'Account deleted',
  deleteAccountConfirm:
    'This erases your account for good: your profile and its images, every review with its photos, your comments, likes and follows, and your notifications. Your e-mail and username become free. It cannot be undone.',
  accountDeleted: 'Your account and everything in it are deleted.',
  adminDeleteConfirm:
    'This erases the account for good: its profile and images, every review with its photos, its comments, likes, follows, notifications and reports. It cannot be undone.',
} as const;

const reasonField = z.enum(REPORT_REASONS, { error: `reason must be one of: ${REPORT_REASONS.join(', ')}.` });
const targetField = z.union([plainText().trim().min(1).max(LIMITS.emailMax), z.number().int().positive()], {
  error: 'target_id must be a post_id, comment_id or username.',
});
const noteField = plainText({ error: 'note must be text.' })
  .trim()
  .max(LIMITS.reportNoteMax, { error: `The note must be at most ${LIMITS.reportNoteMax} characters.` });

/** A review or a comment is named by its id, under idField's rule (a username names a person). */
export const addReportSchema = z
  .strictObject({
    kind: z.enum(REPORT_KINDS, { error: `kind must be one of: ${REPORT_KINDS.join(', ')}.` }),
    target_id: targetField,
    reason: reasonField,
    note: noteField.optional(),
    /** A report about someone elsewhere: also send it to their server, from this one (their moderators see no name). */
    forward: z.boolean({ error: 'forward must be true or false.' }).optional(),
  })
  .refine((input) => input.kind === 'user' || input.kind === 'remote_user' || idField.safeParse(input.target_id).success, {
    error: INPUT_MESSAGES.invalidId,
    path: ['target_id'],
  })
  .refine((input) => !input.forward || input.kind === 'remote_comment' || input.kind === 'remote_user', {
    error: SAFETY_MESSAGES.forwardOnlyElsewhere,
    path: ['forward'],
  });

export const adminReportsSchema = z.strictObject({
  status: z.enum(REPORT_STATUSES, { error: "status must be 'open' or 'closed'." }).default('open'),
});
const suspendReasonField = plainText({ error: SAFETY_MESSAGES.suspendReasonRequired })
  .trim()
  .min(1, { error: SAFETY_MESSAGES.suspendReasonRequired })
  .max(LIMITS.reportNoteMax, { error: `The reason must be at most ${LIMITS.reportNoteMax} characters.` });
export const resolveReportSchema = z
  .strictObject({
    report_id: idField,
    action: z.enum(REPORT_ACTIONS, { error: `action must be one of: ${REPORT_ACTIONS.join(', ')}.` }),
    reason: suspendReasonField.optional(),
  })
  .refine((input) => input.action !== 'suspend' || input.reason !== undefined, {
    error: SAFETY_MESSAGES.suspendReasonRequired,
    path: ['reason'],
  });
export const suspendUserSchema = z.strictObject({ email: emailField(ADMIN_MESSAGES.selectUser.body), reason: suspendReasonField });
export const unsuspendUserSchema = z.strictObject({ email: emailField(ADMIN_MESSAGES.selectUser.body) });
export const adminDeleteUserSchema = z.strictObject({ email: emailField(ADMIN_MESSAGES.selectUser.body) });

export const blockUserSchema = z.strictObject({
  targetusername: plainText({ error: 'targetusername is required.' }).trim().toLowerCase().min(1).max(LIMITS.emailMax),
});
export const blockedUsersSchema = z.strictObject({});

/** Blocking someone on another server (issue 30), by their handle (user@host, as their replies and cards show it). */
export const blockRemoteSchema = z.strictObject({
  handle: plainText({ error: 'handle is required.' })
    .trim()
    .toLowerCase()
    .regex(/^@?[^@\s]{1,100}@[^@\s]{1,260}$/, { error: 'handle must look like name@server.example.' })
    .transform((handle) => handle.replace(/^@/, '')),
});

/** Someone elsewhere on a person's block list, marked with their server. */
export interface BlockedRemoteView {
  handle: string;
  server: string;
}

/** The people the caller blocked: here by username, elsewhere by handle (most recent first). */
export interface BlockedPeopleView {
  users: string[];
  remote: BlockedRemoteView[];
}

/** Deleting one's own account asks for the password, as deactivation does. */
export const deleteAccountSchema = z.strictObject({
  email: actingEmail,
  password: plainText({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, { error: AUTH_MESSAGES.passwordRequired })
    .max(LIMITS.passwordMax),
});
