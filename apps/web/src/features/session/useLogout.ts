import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logToServer } from '../../lib/client-log';
import { trpcClient, withToken } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { readSession, writeSession } from '../../lib/session-storage';

/** How long the background revoke may take before it is given up (and logged). */
const REVOKE_TIMEOUT_MS = 5000;

/** Ends the token's session on the server; the person has already been signed out locally. */
function revokeInBackground(token: string): void {
  trpcClient.auth.logout
    .mutate(undefined, { ...withToken(token), signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS) })
    .catch((error: unknown) => logToServer('warn', `Logout: the token could not be revoked: ${errorMessage(error)}`));
}

/**
 * Signs out in this browser: clears the session, goes to /login and drops every cached answer. For when the
 * server has already ended the sessions (deactivation), and as the first half of Logout.
 */
export function useSignOutLocally(): (options?: { replace?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(async ({ replace = false } = {}) => {
    writeSession(null);
    try {
      await navigate('/login', { replace });
    } finally {
      // Nothing the signed-in person loaded may show for whoever uses the browser next.
      queryClient.clear();
    }
  }, [navigate, queryClient]);
}

/**
 * Logout clears the session and goes to /login at once (spec §2 signed-in menu), then revokes on the server
 * the token it held, without making the person wait for the answer.
 */
export function useLogout(): () => void {
  const signOutLocally = useSignOutLocally();

  return useCallback(() => {
    const token = readSession()?.token;
    void signOutLocally();
    if (token) revokeInBackground(token);
  }, [signOutLocally]);
}
