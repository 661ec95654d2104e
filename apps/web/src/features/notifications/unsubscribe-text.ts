import { NOTIFICATION_EMAIL_LABELS, type NotificationKind } from '@siplog/contracts';

/** My Log's first-person choice ('someone comments on my review') as said to the person ('… on your review'). */
export function toSecondPerson(label: string): string {
  return label.replace(/\b(my|me|I)\b/g, (word) => (word === 'my' ? 'your' : 'you'));
}

/** What the unsubscribe page says after switching one kind (or every notification e-mail, 'all') off or on. */
export function unsubscribeOutcome(kind: NotificationKind | 'all', subscribed: boolean): string {
  if (kind === 'all') {
    return subscribed ? 'You will get notification e-mails from Siplog again.' : 'You will no longer get notification e-mails from Siplog.';
  }
  const when = toSecondPerson(NOTIFICATION_EMAIL_LABELS[kind]);
  return subscribed ? `You will get e-mails again when ${when}.` : `You will no longer get e-mails when ${when}.`;
}
