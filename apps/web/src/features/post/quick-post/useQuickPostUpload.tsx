import { useRef, useState } from 'react';
import { REVIEW_MESSAGES } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/trpc-errors';
import { uploadForm, UploadError } from '../../../lib/upload';
import { readSession } from '../../../lib/session-storage';
import { useLogout } from '../../session/useLogout';
import { failureDetail, type AddPostData } from './quick-post-form';

const POST_URL = '/api/post/addpostwithimages';

interface AddPostAnswer {
  status: number;
  msg: string;
  post_id: number;
  establishment_id: number;
}

export type PostOutcome =
  | { ok: true; establishmentId: number }
  /** `detail`: the server's own reason, when it gave one. */
  | { ok: false; detail: string | null }
  /** A second submit while the first is under way, or a sign-out: nothing more to do. */
  | { ok: false; ignored: true };

function FailureBody({ detail }: { detail: string | null }) {
  return (
    <>
      <p className="quick-post-failure__text">{REVIEW_MESSAGES.failed.body}</p>
      {detail && <p className="quick-post-failure__detail">{detail}</p>}
    </>
  );
}

/**
 * Sends a review with its photos (spec §7 addpostwithimages) with upload progress (0..1, null when idle). Success
 * says 'Review Posted!' and marks posts, places and profiles stale so every screen shows the review; a failure
 * shows 'Error / Invalid post' with the server's reason and logs 'Error adding post'; a 401 or 403 signs out (§8).
 */
export function useQuickPostUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  // Set before the first await, so a second submit in the same tick is refused too.
  const busy = useRef(false);
  const { showMessage } = useMessageDialog();
  const logout = useLogout();
  const utils = trpc.useUtils();

  const post = async (data: AddPostData, files: readonly File[]): Promise<PostOutcome> => {
    if (busy.current) return { ok: false, ignored: true };
    busy.current = true;
    const form = new FormData();
    form.append('data', JSON.stringify(data));
    files.forEach((file, index) => form.append(`file${index + 1}`, file, file.name));
    setProgress(0);
    try {
      const answer = await uploadForm<AddPostAnswer>(POST_URL, form, { token: readSession()?.token, onProgress: setProgress });
      void utils.post.invalidate();
      void utils.place.invalidate();
      void utils.user.profile.invalidate();
      void utils.user.publicProfile.invalidate();
      showMessage({ title: REVIEW_MESSAGES.posted, body: `Your review of ${data.establishment_name} is on its page now.` });
      // The drawer closes on success; the lock stays until then.
      return { ok: true, establishmentId: answer.establishment_id };
    } catch (error) {
      busy.current = false;
      setProgress(null);
      if (error instanceof UploadError && error.isAuthFailure) {
        logout();
        return { ok: false, ignored: true };
      }
      const status = error instanceof UploadError ? ` (${error.status})` : '';
      logToServer('error', `${REVIEW_MESSAGES.failedLog}${status}: ${errorMessage(error)}`);
      const detail = failureDetail(error instanceof UploadError ? error.message : null);
      showMessage({ title: REVIEW_MESSAGES.failed.title, body: <FailureBody detail={detail} /> });
      return { ok: false, detail };
    }
  };

  return { progress, post };
}
