import type { NotificationKind } from '@siplog/contracts';

const PATHS: Record<NotificationKind, string[]> = {
  follow: ['M15 19c0-3-2.7-5-6-5s-6 2-6 5', 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z', 'M19 8v6', 'M16 11h6'],
  // A person with a question mark: someone elsewhere asks to follow.
  follow_request: ['M15 19c0-3-2.7-5-6-5s-6 2-6 5', 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z', 'M17 7.5a2.5 2.5 0 1 1 3.2 2.4c-.7.2-1.2.8-1.2 1.5v.6', 'M19 15h.01'],
  like: ['M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z'],
  comment: ['M5 5h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-8l-4 3.5V16H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z'],
  reply: ['M10 8 5 12.5l5 4.5', 'M5 12.5h9a5 5 0 0 1 5 5V19'],
  mention: ['M15.5 12a3.5 3.5 0 1 1-7 0 3.5 3.5 0 0 1 7 0z', 'M15.5 12v1.5a2.5 2.5 0 0 0 5 0V12a8.5 8.5 0 1 0-3.3 6.7'],
  place_review: ['M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z', 'M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z'],
  // A shield with a tick: an admin looked at what you reported.
  report_reviewed: ['M12 3 19 6v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z', 'm9 12 2 2 4-4'],
};

/** The small sign of what happened, on a notification's picture (decorative: the line says it in words). */
export function KindIcon({ kind, size = 14 }: { kind: NotificationKind; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {PATHS[kind].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
