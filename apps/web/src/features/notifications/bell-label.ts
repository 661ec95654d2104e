/** The bell's accessible name: 'Notifications, 3 unread' (just 'Notifications' until the count has arrived). */
export function bellLabel(unread: number | undefined): string {
  return unread === undefined ? 'Notifications' : `Notifications, ${unread} unread`;
}

/** The badge on the bell: the count, capped so it stays a badge. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
