import { useEffect, useId, useState } from 'react';
import { AUTH_MESSAGES } from '@siplog/contracts';
import { useMessageDialog } from '../../components/dialog/MessageDialogProvider';
import { Navigate, useLocation } from 'react-router';
import { EMAIL_SETTINGS_ANCHOR } from '../../features/notifications/email-settings-link';
import { FollowListDialog, type FollowListName } from '../../features/profile/FollowListDialog';
import { QuickPostCallout } from '../../features/post/quick-post/QuickPostButton';
import { ProfileHeader } from '../../features/profile/ProfileHeader';
import { ProfileOrders } from '../../features/profile/ProfileOrders';
import { ProfileSkeleton } from '../../features/profile/ProfileStates';
import type { OwnProfile } from '../../features/profile/types';
import { useLogout } from '../../features/session/useLogout';
import { WantToTryCarousel } from '../../features/want-to-try/WantToTryCarousel';
import { useSession } from '../../features/session/useSession';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AvatarControl } from './components/AvatarControl';
import { EditProfilePanel } from './components/EditProfilePanel';
import { FavoriteOrderEditor } from './components/FavoriteOrderEditor';
import { useProfileImageUpload } from './components/useProfileImageUpload';
import '../../features/profile/profile.css';
import './mylog.css';

function PencilIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="M13.5 6.5l4 4" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

/**
 * The profile card, edit mode and lists. While a recovery is open (signed in with a temporary password,
 * as the server says), edit mode opens on 'Change Password' and a dialog says why; a link to the e-mail choices
 * opens it too.
 */
function MyProfile({ profile }: { profile: OwnProfile }) {
  const mustChangePassword = profile.must_change_password;
  // An unsubscribe page's link to the e-mail choices (/mylog#email-settings) opens edit mode on them.
  const askedForEmailSettings = useLocation().hash === `#${EMAIL_SETTINGS_ANCHOR}`;
  const [editing, setEditing] = useState(mustChangePassword || askedForEmailSettings);
  const { showMessage } = useMessageDialog();
  const [openList, setOpenList] = useState<FollowListName | null>(null);
  const uploadInputId = useId();
  const utils = trpc.useUtils();
  const { progress, upload } = useProfileImageUpload(profile.email);
  const fullName = `${profile.first_name} ${profile.last_name}`.trim();

  useEffect(() => {
    if (mustChangePassword) showMessage(AUTH_MESSAGES.chooseNewPassword);
  }, [mustChangePassword, showMessage]);

  const closeList = () => {
    const closing = openList;
    setOpenList(null);
    // Spec §4: closing the 'following' list reloads the profile (follows made from search show up).
    if (closing === 'following') void utils.user.profile.invalidate();
  };

  return (
    <>
      <ProfileHeader
        profile={profile}
        variant="mylog"
        avatar={
          <AvatarControl
            inputId={uploadInputId}
            fileName={profile.profile_images[0]}
            name={fullName}
            editing={editing}
            progress={progress}
            onFile={(file) => void upload(file)}
          />
        }
        actions={
          <button
            type="button"
            className={`button button--small${editing ? ' button--primary' : ''}`}
            aria-pressed={editing}
            onClick={() => setEditing((value) => !value)}
          >
            {editing ? <CheckIcon /> : <PencilIcon />}
            {editing ? 'done' : 'edit'}
          </button>
        }
        onShowList={setOpenList}
        emptyFavoriteOrder="What do you order again and again? Choose edit to share it."
        favoriteOrderEditor={editing ? <FavoriteOrderEditor initial={profile.current_fav_order} /> : undefined}
      >
        {editing && (
          <EditProfilePanel
            profile={profile}
            uploadInputId={uploadInputId}
            uploading={progress !== null}
            passwordOpen={mustChangePassword}
          />
        )}
      </ProfileHeader>

      <QuickPostCallout />

      <ProfileOrders username={profile.username} isOwn />

      <WantToTryCarousel />

      {openList && (
        <FollowListDialog
          listName={openList}
          entries={openList === 'followers' ? profile.followers : profile.following}
          searchable={openList === 'following'}
          elsewhereOf={profile.username}
          onClose={closeList}
        />
      )}
    </>
  );
}

function MyLog({ email }: { email: string }) {
  const logout = useLogout();
  // The e-mail (checked against the token by the server) keeps each account's cached profile apart. No refetch
  // on focus: one landing during a password change would carry the token being replaced and log the person out.
  const profile = trpc.user.profile.useQuery({ email }, { retry: false, refetchOnWindowFocus: false });

  // Spec §2 /mylog and §4: if loading the profile fails the person is logged out.
  useEffect(() => {
    if (!profile.error) return;
    logToServer('info', `My Log profile load failed: ${profile.error.message}`);
    logout();
  }, [profile.error, logout]);

  return (
    <div className="profile-page mylog-page">
      {profile.data ? <MyProfile profile={profile.data.user} /> : <ProfileSkeleton />}
    </div>
  );
}

/** The signed-in person's own page (spec §2 /mylog); without a session it goes to /login. */
export function MyLogPage() {
  useDocumentTitle('My Log');
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <MyLog email={session.email} />;
}
