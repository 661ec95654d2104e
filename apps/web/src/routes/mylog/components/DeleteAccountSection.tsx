import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SAFETY_MESSAGES } from '@siplog/contracts';
import { writeSession } from '../../../lib/session-storage';
import { trpc } from '../../../lib/trpc';
import { PasswordConfirmedSection } from './PasswordConfirmedSection';
import './own-data.css';

/**
 * "Delete my account" (issue 17): the password again, then a Yes/No that says what goes. The server erases the
 * account with everything in it and ends its sessions; this browser forgets the session and goes home.
 */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = trpc.user.deleteAccount.useMutation();
  return (
    <PasswordConfirmedSection
      title="Delete my account"
      explanation="Erases your account for good: your profile and photos, your reviews with their photos, your comments, likes and follows, and your notifications. Download your data first if you want to keep a copy."
      inputId="delete-account-password"
      action="Delete my account"
      pendingAction="Deleting…"
      confirmTitle="Delete your account?"
      confirmBody={SAFETY_MESSAGES.deleteAccountConfirm}
      perform={(password) => remove.mutateAsync({ password })}
      afterSuccess={async () => {
        // Home first, so My Log does not send the signed-out person to /login on its way out.
        await navigate('/', { replace: true });
        writeSession(null);
        queryClient.clear();
      }}
    />
  );
}
