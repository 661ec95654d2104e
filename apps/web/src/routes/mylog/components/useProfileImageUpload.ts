import { useState } from 'react';
import { DIALOG_TITLES, LIMITS, PROFILE_MESSAGES, type DialogMessage } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { readSession } from '../../../lib/session-storage';
import { useLogout } from '../../../features/session/useLogout';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, errorMessage } from '../../../lib/trpc-errors';
import { uploadForm, UploadError } from '../../../lib/upload';

const UPLOAD_URL = '/api/user/uploadprofileimages';

/** The spec's own dialog for a server message it names (invalid type, too large, no file); else 'Error'. */
function dialogFor(message: string): DialogMessage {
  const known = [PROFILE_MESSAGES.invalidFileType, PROFILE_MESSAGES.fileTooLarge, PROFILE_MESSAGES.noFile].find(
    (candidate) => candidate.body === message,
  );
  return known ?? { title: DIALOG_TITLES.error, body: message };
}

/** Checks the chosen file as spec §5 Profile says, in that order; null when it may be sent. */
export function checkProfileImage(file: File | undefined): DialogMessage | null {
  if (!file) return PROFILE_MESSAGES.noFile;
  if (!file.type.startsWith('image/')) return PROFILE_MESSAGES.invalidFileType;
  if (file.size > LIMITS.profileImageBytesMax) return PROFILE_MESSAGES.fileTooLarge;
  return null;
}

/**
 * Uploads a new profile picture with progress (0..1, null when idle). Success shows 'Done! Image uploaded'
 * and reloads the profile; a 401 or 403 signs the person out (spec §8).
 */
export function useProfileImageUpload(email: string) {
  const [progress, setProgress] = useState<number | null>(null);
  const { showMessage } = useMessageDialog();
  const logout = useLogout();
  const utils = trpc.useUtils();

  const upload = async (file: File | undefined) => {
    if (progress !== null) return;
    const problem = checkProfileImage(file);
    if (problem || !file) {
      showMessage(problem ?? PROFILE_MESSAGES.noFile);
      return;
    }
    const form = new FormData();
    form.append('data', JSON.stringify({ email, filetype: 'image' }));
    form.append('file', file, file.name);
    setProgress(0);
    try {
      await uploadForm(UPLOAD_URL, form, { token: readSession()?.token, onProgress: setProgress });
      await utils.user.profile.invalidate();
      showMessage(PROFILE_MESSAGES.imageUploaded);
    } catch (error) {
      if (error instanceof UploadError && error.isAuthFailure) {
        logout();
        return;
      }
      logToServer('error', describeFailure('Profile image upload failed', error));
      showMessage(dialogFor(errorMessage(error)));
    } finally {
      setProgress(null);
    }
  };

  return { progress, upload };
}
