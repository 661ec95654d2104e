import type { ChangeEvent } from 'react';
import { ProfileAvatar } from '../../../features/profile/ProfileAvatar';
import { CameraIcon } from '../../../components/icons/icons';

interface AvatarControlProps {
  /** The file input's id, so the edit panel's 'Upload new photo' can point at it too. */
  inputId: string;
  fileName: string | undefined;
  name: string;
  editing: boolean;
  /** 0..1 while an upload runs, else null. */
  progress: number | null;
  onFile: (file: File | undefined) => void;
}

/** Reads the chosen file and empties the input, so choosing the same file again still fires. */
export function takeFile(event: ChangeEvent<HTMLInputElement>): File | undefined {
  const file = event.target.files?.[0];
  event.target.value = '';
  return file;
}

/**
 * My Log's picture: the avatar, or (with no picture) an upload control on a round placeholder (spec §2).
 * In edit mode a camera badge changes the picture. A ring shows upload progress.
 */
export function AvatarControl({ inputId, fileName, name, editing, progress, onFile }: AvatarControlProps) {
  const uploading = progress !== null;
  const canUpload = !fileName || editing;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <div className={`avatar-control${uploading ? ' is-uploading' : ''}${!fileName ? ' avatar-control--empty' : ''}`}>
      {canUpload ? (
        <label htmlFor={inputId} className="avatar-control__target" title={fileName ? 'Change photo' : 'Add a profile photo'}>
          <ProfileAvatar fileName={fileName} name={name} />
          <span className="avatar-control__badge" aria-hidden="true">
            <CameraIcon width={18} height={18} />
          </span>
        </label>
      ) : (
        <ProfileAvatar fileName={fileName} name={name} />
      )}
      {canUpload && (
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          disabled={uploading}
          aria-label={fileName ? 'Change profile photo' : 'Upload a profile photo'}
          onChange={(event) => onFile(takeFile(event))}
        />
      )}
      {!fileName && !uploading && (
        <label htmlFor={inputId} className="avatar-control__hint">
          Add photo
        </label>
      )}
      {uploading && (
        <div className="avatar-control__progress">
          <div
            className="progress-bar"
            role="progressbar"
            aria-label="Uploading profile photo"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <span className="avatar-control__percent">{percent < 100 ? `Uploading ${percent}%` : 'Processing…'}</span>
        </div>
      )}
    </div>
  );
}
