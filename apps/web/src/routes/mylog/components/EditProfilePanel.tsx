import { useState } from 'react';
import { DIALOG_TITLES, GENDER_OPTIONS, GENDER_PLACEHOLDER, LIMITS } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import type { OwnProfile } from '../../../features/profile/types';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/trpc-errors';
import { ApproveFollowersSection } from './ApproveFollowersSection';
import { BlockedPeopleSection } from './BlockedPeopleSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { DeactivateAccountSection } from './DeactivateAccountSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { DownloadDataSection } from './DownloadDataSection';
import { EmailSettingsSection } from './EmailSettingsSection';

type Gender = (typeof GENDER_OPTIONS)[number];

/** The stored gender matched case-insensitively against the list (spec §2), or '' for the placeholder. */
export function matchGender(value: string): Gender | '' {
  const wanted = value.trim().toLowerCase();
  return GENDER_OPTIONS.find((option) => option.toLowerCase() === wanted) ?? '';
}

function GenderSelect({ stored }: { stored: string }) {
  const [value, setValue] = useState<Gender | ''>(() => matchGender(stored));
  const [saved, setSaved] = useState(false);
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const update = trpc.user.updateDetails.useMutation();

  const choose = async (next: Gender | '') => {
    const previous = value;
    setValue(next);
    setSaved(false);
    try {
      await update.mutateAsync({ gender: next });
      setSaved(true);
      void utils.user.profile.invalidate();
    } catch (error) {
      setValue(previous);
      showMessage({ title: DIALOG_TITLES.error, body: errorMessage(error) });
    }
  };

  return (
    <div className="edit-section">
      <label htmlFor="profile-gender" className="edit-section__title">
        Gender
      </label>
      <div className="edit-section__inline">
        <select
          id="profile-gender"
          value={value}
          disabled={update.isPending}
          onChange={(event) => void choose(event.target.value as Gender | '')}
        >
          <option value="">{GENDER_PLACEHOLDER}</option>
          {GENDER_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <span className="edit-section__status" role="status">
          {update.isPending ? 'Saving…' : saved ? 'Saved' : ''}
        </span>
      </div>
      <p className="edit-section__hint">Only you can see this.</p>
    </div>
  );
}

function PhotoActions({ hasImage, uploadInputId, uploading }: { hasImage: boolean; uploadInputId: string; uploading: boolean }) {
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const remove = trpc.user.deleteProfileImage.useMutation();

  const deleteImage = async () => {
    if (remove.isPending) return;
    try {
      await remove.mutateAsync({});
      await utils.user.profile.invalidate();
    } catch (error) {
      showMessage({ title: DIALOG_TITLES.error, body: errorMessage(error) });
    }
  };

  return (
    <div className="edit-section">
      <span className="edit-section__title">Profile photo</span>
      <div className="edit-section__inline">
        <label htmlFor={uploadInputId} className={`button button--small${uploading ? ' is-disabled' : ''}`}>
          {hasImage ? 'Upload new photo' : 'Upload photo'}
        </label>
        {hasImage && (
          <button type="button" className="button button--small button--danger" onClick={deleteImage} disabled={remove.isPending}>
            {remove.isPending ? 'Removing…' : 'Remove photo'}
          </button>
        )}
      </div>
      <p className="edit-section__hint">JPEG, PNG, WebP or GIF, up to {LIMITS.profileImageBytesMax / 1_000_000} MB.</p>
    </div>
  );
}

interface EditProfilePanelProps {
  profile: OwnProfile;
  uploadInputId: string;
  uploading: boolean;
  /** Unfold 'Change Password' at once (after a temporary-password sign-in). */
  passwordOpen?: boolean;
}

/**
 * Edit mode's settings below the card: gender, the photo, which notifications are e-mailed, whether followers from
 * other servers wait for approval, and the collapsible password change and deactivation.
 */
export function EditProfilePanel({ profile, uploadInputId, uploading, passwordOpen = false }: EditProfilePanelProps) {
  return (
    <div className="edit-panel" role="group" aria-label="Edit profile">
      <div className="edit-panel__grid">
        <PhotoActions hasImage={profile.profile_images.length > 0} uploadInputId={uploadInputId} uploading={uploading} />
        <GenderSelect stored={profile.gender} />
      </div>
      <EmailSettingsSection />
      <ApproveFollowersSection stored={profile.approve_followers} />
      <ChangePasswordSection startOpen={passwordOpen} />
      <BlockedPeopleSection />
      <DownloadDataSection />
      <DeactivateAccountSection />
      <DeleteAccountSection />
    </div>
  );
}
