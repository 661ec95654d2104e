import { useEffect, useRef, useState } from 'react';
import { DIALOG_TITLES } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure } from '../../../lib/trpc-errors';
import { interactionRefusal } from '../../safety/interaction-refusal';
import { useSession } from '../../session/useSession';
import type { PostView } from '../types';
import { toggledLike } from './post-state';
import { usePostCache } from './usePostCache';

/**
 * A review's like for the signed-in person (spec §4 Like): the click shows at once, the server's answer then sets
 * the exact count, and a failure puts the old state back (logged only, spec §8). One change runs at a time, so a
 * double click is one like. Guests have no like state: `signedIn` is false and the caller prompts them to join.
 */
export function usePostLike(post: PostView) {
  const session = useSession();
  const postId = post.post_id;
  const cache = usePostCache(postId);
  const { showMessage } = useMessageDialog();
  const status = trpc.post.isLiked.useQuery({ postid: postId }, { enabled: !!session, retry: false });
  useEffect(() => {
    if (status.error) logToServer('error', describeFailure(`Like status of post ${postId}`, status.error));
  }, [status.error, postId]);
  const like = trpc.post.like.useMutation();
  const unlike = trpc.post.unlike.useMutation();
  // Set at the click itself: a second click of a double click comes before the re-render that disables the button.
  const sending = useRef(false);
  const [pending, setPending] = useState(false);

  const liked = status.data?.liked === true;
  const toggle = async () => {
    if (!session || sending.current || status.isLoading) return;
    sending.current = true;
    setPending(true);
    const before = { liked, likes: post.likes };
    try {
      await cache.cancelLikeQueries();
      const shown = toggledLike(before);
      cache.setLike(shown.liked, shown.likes);
      const answer = await (before.liked ? unlike : like).mutateAsync({ postid: postId });
      cache.setLike(answer.liked, answer.likes);
      cache.afterLike();
    } catch (error) {
      cache.setLike(before.liked, before.likes);
      logToServer('error', describeFailure(`${before.liked ? 'Unlike' : 'Like'} of post ${postId}`, error));
      // A block between the two people is said (issue 17); other failures stay quiet, as spec §8 asks.
      const refusal = interactionRefusal(error);
      if (refusal) showMessage({ title: DIALOG_TITLES.warning, body: refusal });
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  return { signedIn: !!session, liked, busy: pending || (!!session && status.isLoading), toggle };
}
