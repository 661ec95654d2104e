import { AUTH_MESSAGES } from '@siplog/contracts';
import { useSignOutLocally } from '../../../features/session/useLogout';
import { SupportEmailLink } from '../../../features/support/SupportEmailLink';
import { trpc } from '../../../lib/trpc';
import { PasswordConfirmedSection } from './PasswordConfirmedSection';

/**
 * Deactivation, as the Terms promise it in account settings: the password is asked again and a Yes/No
 * confirm guards it. The server ends every session, so the person is signed out and sent to /login,
 * where signing in again reactivates the account.
 */
export function DeactivateAccountSection() {
  const signOutLocally = useSignOutLocally();
  const deactivate = trpc.auth.deactivateAccount.useMutation();
  return (
    <PasswordConfirmedSection
      title="Deactivate account"
      explanation={
        <>
          Your profile, reviews and follows are hidden until you log in again, which reactivates your account. To
          erase everything for good, use Delete my account below; questions go to <SupportEmailLink />.
        </>
      }
      inputId="deactivate-password"
      action="Deactivate account"
      pendingAction="Deactivating…"
      confirmTitle="Deactivate your account?"
      confirmBody={AUTH_MESSAGES.deactivateConfirm}
      perform={(password) => deactivate.mutateAsync({ password })}
      // My Log already redirects once the session is gone: replace, so Back does not hold two /login entries.
      afterSuccess={() => signOutLocally({ replace: true })}
    />
  );
}
