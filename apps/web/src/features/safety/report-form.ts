import { addReportSchema, LIMITS, type ReportKind, type ReportReason } from '@siplog/contracts';
import { httpStatusOf, specificServerMessage } from '../../lib/trpc-errors';

/**
 * What a Report dialog is about: a review or a comment by its id, a person by their username; and (issue 30) a reply
 * from someone on another server by its comment_id, or that person, each with their handle (user@host); and (issue 31)
 * a change of a place's opening hours by its id.
 */
export type ReportTarget =
  | { kind: 'post' | 'comment' | 'hours_change'; id: number }
  | { kind: 'user'; username: string }
  | { kind: 'remote_comment'; id: number; handle: string }
  | { kind: 'remote_user'; handle: string };

/** The dialog's title: 'Report this review', 'Report this comment', 'Report @ben', 'Report @ann@peer.example'. */
export function reportTitle(target: ReportTarget): string {
  switch (target.kind) {
    case 'post':
      return 'Report this review';
    case 'comment':
      return 'Report this comment';
    case 'remote_comment':
      return 'Report this reply';
    case 'hours_change':
      return 'Report this change of hours';
    case 'user':
      return `Report @${target.username}`;
    case 'remote_user':
      return `Report @${target.handle}`;
  }
}

/** The server a report about someone elsewhere may also be sent to (the host of their handle); null for people here. */
export function forwardServerOf(target: ReportTarget): string | null {
  if (target.kind !== 'remote_comment' && target.kind !== 'remote_user') return null;
  const at = target.handle.lastIndexOf('@');
  return at > 0 && at < target.handle.length - 1 ? target.handle.slice(at + 1) : null;
}

/** How the report names its target in the log: 'comment 9', 'user ben', 'remote_user ann@peer.example'. */
export function reportTargetName(target: ReportTarget): string {
  if (target.kind === 'user') return `user ${target.username}`;
  if (target.kind === 'remote_user') return `remote_user ${target.handle}`;
  return `${target.kind} ${target.id}`;
}

function targetIdOf(target: ReportTarget): number | string {
  if (target.kind === 'user') return target.username;
  if (target.kind === 'remote_user') return target.handle;
  return target.id;
}

/** The live count under the note: '12/500'. */
export function noteCount(note: string): string {
  return `${note.length}/${LIMITS.reportNoteMax}`;
}

/** Read aloud only near the limit (every keystroke would be noise): '20 characters left'; '' otherwise. */
export function noteRemainingText(note: string, warnWithin = 50): string {
  const left = LIMITS.reportNoteMax - note.length;
  if (left > warnWithin) return '';
  return left === 1 ? '1 character left' : `${Math.max(left, 0)} characters left`;
}

/**
 * report.add's input, checked with the contracts' schema (a blank note is left out; `forward` is sent only when
 * asked, and only for someone elsewhere); the schema's message when something is wrong, which the dialog shows
 * without touching the note.
 */
export function reportInput(
  target: ReportTarget,
  reason: ReportReason | null,
  note: string,
  forward = false,
):
  | { ok: true; input: { kind: ReportKind; target_id: number | string; reason: ReportReason; note?: string; forward?: boolean } }
  | { ok: false; message: string } {
  if (!reason) return { ok: false, message: 'Choose why you are reporting this.' };
  const trimmed = note.trim();
  const parsed = addReportSchema.safeParse({
    kind: target.kind,
    target_id: targetIdOf(target),
    reason,
    ...(trimmed && { note: trimmed }),
    ...(forward && forwardServerOf(target) !== null && { forward: true }),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'This report cannot be sent.' };
  return { ok: true, input: parsed.data };
}

/** What the dialog says when the report was not taken: the server's reason (own content, gone, too many), or a retry. */
export function reportFailureMessage(error: unknown): string {
  if (httpStatusOf(error) === 401) return 'Your session has ended. Log in again to send this report.';
  return specificServerMessage(error) ?? 'Your report was not sent. Please try again.';
}
