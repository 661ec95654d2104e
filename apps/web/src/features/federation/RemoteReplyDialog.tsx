import { useId, useState, type FormEvent } from 'react';
import { formatPostDate, LIMITS, POST_MESSAGES } from '@siplog/contracts';
import { Modal } from '../../components/dialog/Modal';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure, specificServerMessage } from '../../lib/trpc-errors';
import './remote-person.css';

interface RemoteReplyDialogProps {
  reviewId: number;
  /** The review's author, user@host. */
  author: string;
  server: string;
  onClose: () => void;
}

const FAILED = 'Something went wrong reaching the other server. Try again in a moment.';

/**
 * Replying to a review from elsewhere (issue 30): the reply goes to its author's server as a public post naming them,
 * where it shows under the review. One's own replies to it are listed, each with Delete (which takes it back there).
 */
export function RemoteReplyDialog({ reviewId, author, server, onClose }: RemoteReplyDialogProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const replies = trpc.federation.myReplies.useQuery({ remote_review_id: reviewId }, { retry: false });
  const send = trpc.federation.replyToReview.useMutation();
  const remove = trpc.federation.deleteReply.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const comment = text.trim();
    if (!comment) return setError(POST_MESSAGES.enterComment);
    setError(null);
    try {
      await send.mutateAsync({ remote_review_id: reviewId, comment });
      setText('');
      await utils.federation.myReplies.invalidate({ remote_review_id: reviewId });
    } catch (failure) {
      logToServer('warn', describeFailure('Replying to a review from elsewhere failed', failure));
      setError(specificServerMessage(failure) ?? FAILED);
    }
  };
  const takeBack = async (replyId: number) => {
    try {
      await remove.mutateAsync({ reply_id: replyId });
      await utils.federation.myReplies.invalidate({ remote_review_id: reviewId });
    } catch (failure) {
      logToServer('warn', describeFailure('Taking back a reply elsewhere failed', failure));
      setError(specificServerMessage(failure) ?? FAILED);
    }
  };

  return (
    <Modal title={`Reply to @${author}`} onClose={onClose} className="remote-person">
      <div className="remote-person__body">
        <p className="remote-person__hint">Your reply goes to {server} as a public post, under the review.</p>
        {(replies.data?.replies ?? []).length > 0 && (
          <ul className="remote-reply__list" aria-label="Your replies">
            {replies.data!.replies.map((reply) => (
              <li key={reply.reply_id} className="remote-reply__item">
                <span className="remote-reply__text">{reply.comment}</span>
                <span className="remote-reply__meta">
                  <time dateTime={reply.comment_date}>{formatPostDate(reply.comment_date)}</time>
                  <button type="button" className="remote-reply__delete" disabled={remove.isPending} onClick={() => void takeBack(reply.reply_id)}>
                    Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <form className="remote-reply__form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            Your reply
          </label>
          <textarea
            id={inputId}
            className="remote-reply__input"
            value={text}
            maxLength={LIMITS.commentMax}
            rows={3}
            placeholder="Write a reply…"
            onChange={(event) => setText(event.target.value)}
          />
          {error && (
            <p className="remote-person__error" role="alert">
              {error}
            </p>
          )}
          <div className="remote-person__actions">
            <button type="submit" className="button button--primary button--small" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send reply'}
            </button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
