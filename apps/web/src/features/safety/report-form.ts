import { addReportSchema, LIMITS, type ReportKind, type ReportReason } from '@siplog/contracts';
import { httpStatusOf, specificServerMessage } from '../../lib/trpc-errors';

/** What a Report dialog is about: a review or a comment by its id, a person by their username. */
export type ReportTarget = { kind: 'post' | 'comment'; id: number } | { kind: 'user'; username: string };

/** The dialog's title: 'Report this review', 'Report this comment', 'Report @ben'. */
export function reportTitle(target: ReportTarget): string {
  switch (target.kind) {
    case 'post':
      return 'Report this review';
    case 'comment':
      return 'Report this comment';
    case 'user':
      return `Report @${target.username}`;
  }
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
 * report.add's input, checked with the contracts' schema (a blank note is left out); the schema's message when
 * something is wrong, which the dialog shows without touching the note.
 */
export function reportInput(
  target: ReportTarget,
  reason: ReportReason | null,
  note: string,
): { ok: true; input: { kind: ReportKind; target_id: number | string; reason: ReportReason; note?: string } } | { ok: false; message: string } {
  if (!reason) return { ok: false, message: 'Choose why you are reporting this.' };
  const trimmed = note.trim();
  const parsed = addReportSchema.safeParse({
    kind: target.kind,
    target_id: target.kind === 'user' ? target.username : target.id,
    reason,
    ...(trimmed && { note: trimmed }),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'This report cannot be sent.' };
  return { ok: true, input: parsed.data };
}

/** What the dialog says when the report was not taken: the server's reason (own content, gone, too many), or a retry. */
export function reportFailureMessage(error: unknown): string {
  if (httpStatusOf(error) === 401) return 'Your session has ended. Log in again to send this report.';
  return specificServerMessage(error) ?? 'Your report was not sent. Please try again.';
}
