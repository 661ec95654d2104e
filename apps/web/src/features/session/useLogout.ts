import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logToServer } from '../../lib/client-log';
import { trpcClient } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { writeSession } from './session-storage';

/** How long Logout waits for the server before signing out locally anyway. */
const LOGOUT_TIMEOUT_MS = 5000;

/**
 * Logout revokes the token on the server, then — whatever the outcome — clears the session and goes to
 * /login (spec §2 signed-in menu). The token must still be stored while the call is made: lib/trpc.ts
 * reads it from there for the Authorization header.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pending = useRef(false);

  return useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    void (async () => {
      try {
        await trpcClient.auth.logout.mutate(undefined, { signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS) });
      } catch (error) {
        logToServer('warn', `Logout: the token could not be revoked: ${errorMessage(error)}`);
      }
      try {
        writeSession(null);
        await navigate('/login');
        // Nothing the signed-in person loaded may show for whoever uses the browser next.
        queryClient.clear();
      } finally {
        pending.current = false;
      }
    })();
  }, [navigate, queryClient]);
}
