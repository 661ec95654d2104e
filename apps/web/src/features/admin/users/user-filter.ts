import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@siplog/api';

/** A person as the admin sees them (spec §3 User admin view, plus deactivated). */
export type AdminUser = inferRouterOutputs<AppRouter>['admin']['users']['users'][number];

/** The people the filter box keeps: its text in the e-mail, first or last name, case-insensitively (spec §2 Users). */
export function filterUsers(users: readonly AdminUser[], text: string): AdminUser[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((user) => [user.email, user.first_name, user.last_name].some((field) => field.toLowerCase().includes(needle)));
}
