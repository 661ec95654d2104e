import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logToServer } from '../../lib/client-log';
import { trpcClient, withToken } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { readSession, writeSession } from './session-storage';

/** How long the background revoke may take before it is given up (and logged). */
const REVOKE_TIMEOUT_MS = 5000;

/** Ends the token's session on the server; the person has already been signed out locally. */
function revokeInBackground(token: string): void {
  trpcClient.auth.logout
    .mutate(undefined, { ...withToken(token), signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS) })
    .catch((error: unknown) => logToServer('warn', `Logout: the token could not be revoked: ${errorMessage(error)}`));
}

/**
 * Logout clears the session and goes to /login at once (spec §2 signed-in menu), then revokes on the server
 * the token it held, without making the person wait for the answer.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(() => {
    const token = readSession()?.token;
    writeSession(null);
    if (token) revokeInBackground(token);
    void (async () => {
      try {
        await navigate('/login');
      } finally {
        // Nothing the signed-in person loaded may show for whoever uses the browser next.
        queryClient.clear();
      }
    })();
  }, [navigate, queryClient]);
}
