import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { addCommentSchema, LIMITS, SOCIAL_MESSAGES } from '@siplog/contracts';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, specificServerMessage } from '../../../lib/trpc-errors';
import { useSession } from '../../session/useSession';
import { CommentItem } from './CommentItem';

/** The review's comments, oldest first so the newest is last; each shown as text (known @names as links), never as HTML. */
export function CommentList({ postId, reviewAuthor }: { postId: number; reviewAuthor: string }) {
  const session = useSession();
  const comments = trpc.post.comments.useQuery({ postid: postId }, { retry: false });
  const listRef = useRef<HTMLOListElement>(null);
  const count = comments.data?.comments.length ?? 0;
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (comments.error) logToServer('error', describeFailure(`Comments of post ${postId}`, comments.error));
  }, [comments.error, postId]);
  useEffect(() => {
    // A comment that arrives while the list is shown (one's own, just posted) is scrolled into view.
    if (seen.current !== null && count > seen.current) listRef.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
    if (comments.data) seen.current = count;
  }, [count, comments.data]);

  return (
    <section className="full-post__comments" aria-label="Comments">
      {comments.isLoading && <p className="full-post__muted">Loading comments…</p>}
      {comments.isError && <p className="full-post__muted">Comments did not load.</p>}
      {comments.data && count === 0 && <p className="full-post__muted">No comments yet.</p>}
      {count > 0 && (
        <ol ref={listRef} className="full-post__comment-list" aria-label="Comments">
          {comments.data?.comments.map((comment) => (
            <CommentItem key={`${comment.remote ? 'remote-' : ''}${comment.comment_id}`} postId={postId} comment={comment} viewer={session?.username ?? null} reviewAuthor={reviewAuthor} />
          ))}
        </ol>
      )}
    </section>
  );
}

const commentField = addCommentSchema.shape.comment;

/**
 * The comment box (spec §4 Comment): checked with the contracts' rule, sent once, then cleared while the list
 * reloads. A guest sees 'LOGIN to add a comment' instead (spec §2).
 */
export function CommentForm({ postId }: { postId: number }) {
  const session = useSession();
  const utils = trpc.useUtils();
  const add = trpc.post.addComment.useMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);
  const inputId = useId();
  const errorId = useId();

  if (!session) {
    return (
      <div className="full-post__comment-form full-post__comment-form--guest">
        <Link to="/login" className="full-post__login">
          {SOCIAL_MESSAGES.loginToComment}
        </Link>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const parsed = commentField.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    sending.current = true;
    setError(null);
    try {
      await add.mutateAsync({ postid: postId, comment: parsed.data });
      setText('');
      await utils.post.comments.invalidate({ postid: postId });
    } catch (failure) {
      logToServer('error', describeFailure(`Comment on post ${postId}`, failure));
      // A refusal the person can act on (too many comments at once) is said; an outage keeps the text to try again.
      setError(specificServerMessage(failure) ?? 'Your comment was not posted. Please try again.');
    } finally {
      sending.current = false;
    }
  };

  return (
    <form className="full-post__comment-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Add a comment
      </label>
      <input
        id={inputId}
        type="text"
        value={text}
        placeholder="Add a comment…"
        maxLength={LIMITS.commentMax}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
      />
      <button type="submit" className="button button--primary button--small" disabled={add.isPending}>
        Post
      </button>
      {error && (
        <p id={errorId} className="full-post__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
