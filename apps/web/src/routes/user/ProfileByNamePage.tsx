import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ProfileMessage, ProfileSkeleton } from '../../features/profile/ProfileStates';
import { useSession } from '../../features/session/useSession';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PublicProfileView } from './PublicProfileView';
import '../../features/profile/profile.css';

/**
 * /user/name/{name}: a profile looked up by full name (or username). Content shows only when a signed-in
 * person and the loaded profile both exist (spec §2, §6); a failed load is logged at info level and loading
 * stops (spec §8).
 */
export function ProfileByNamePage() {
  const session = useSession();
  const name = (useParams().name ?? '').trim();
  const profile = trpc.user.byName.useQuery({ name }, { enabled: !!session && name.length > 0, retry: false });
  const shown = session ? profile.data?.user.username : undefined;
  useDocumentTitle(shown ? `@${shown}` : name || 'Profile');

  useEffect(() => {
    if (profile.error) logToServer('info', `Profile by name "${name}" not loaded: ${profile.error.message}`);
  }, [profile.error, name]);

  let content;
  if (!session) {
    content = (
      <ProfileMessage
        title="Log in to see this profile"
        actions={
          <>
            <Link to="/login" className="button button--primary">
              Log in
            </Link>
            <Link to="/join" className="button">
              Join Siplog
            </Link>
          </>
        }
      >
        <p>Profiles found by name are shown to Siplog members. Log in or join to see who is behind “{name}”.</p>
      </ProfileMessage>
    );
  } else if (profile.data) {
    content = <PublicProfileView profile={profile.data.user} />;
  } else if (profile.isError || !name) {
    content = (
      <ProfileMessage title="No one here">
        <p>
          We could not find anyone named <strong>{name}</strong>. Check the spelling, or search for friends from your
          following list on My Log.
        </p>
      </ProfileMessage>
    );
  } else {
    content = <ProfileSkeleton />;
  }

  return <div className="profile-page">{content}</div>;
}
