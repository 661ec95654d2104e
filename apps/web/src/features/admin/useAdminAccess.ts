import { useEffect, useRef } from 'react';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { useSignOutLocally } from '../session/useLogout';
import { useSession } from '../session/useSession';

export type AdminAccess = 'checking' | 'not-found' | 'admin' | 'refused';

/**
 * The admin screen's gate (spec §2 Admin screen, §4 Admin): first whether this is the screen's path at all (a wrong
 * secret is a missing page), then the server's user-status check. Anyone who is not an admin, or whose check fails,
 * is signed out and sent to /login. The server refuses every admin call to them anyway; this only spares them a
 * screen that could not work.
 */
export function useAdminAccess(secret: string): AdminAccess {
  const session = useSession();
  const signOutLocally = useSignOutLocally();
  const screen = trpc.admin.screen.useQuery({ secret }, { retry: false, staleTime: Infinity });
  const found = screen.data?.found === true;
  const status = trpc.auth.checkUserStatus.useQuery(
    { email: session?.email ?? '' },
    { enabled: found && session !== null, retry: false, gcTime: 0 },
  );
  // The path check failing (the server down, say) counts as the status check failing: signed out, as the spec says.
  const refused = screen.isError || (found && (session === null || status.isError || status.data?.userstatus === false));
  const signedOut = useRef(false);

  useEffect(() => {
    if (!refused || signedOut.current) return;
    signedOut.current = true;
    if (status.isError) logToServer('info', `Admin status check failed: ${errorMessage(status.error)}`);
    void signOutLocally({ replace: true });
  }, [refused, signOutLocally, status.error, status.isError]);

  if (screen.isPending) return 'checking';
  if (screen.data?.found === false) return 'not-found';
  if (refused) return 'refused';
  return status.data?.userstatus === true ? 'admin' : 'checking';
}
