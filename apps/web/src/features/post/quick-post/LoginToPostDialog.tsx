import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { REVIEW_MESSAGES } from '@siplog/contracts';
import { useModalDialog } from '../../../components/dialog/useModalDialog';
import '../../../components/dialog/message-dialog.css';
import './login-to-post.css';

/** Spec §6: a guest who asks to post is told to log in, with the way to /login (and to /join for a newcomer). */
export function LoginToPostDialog({ onClose }: { onClose: () => void }) {
  const modal = useModalDialog(onClose);
  const titleId = useId();
  const login = useRef<HTMLAnchorElement>(null);
  // After showModal (the effect above), which would focus the first link of the text.
  useEffect(() => login.current?.focus(), []);
  return (
    <dialog
      {...modal}
      className="message-dialog"
      aria-labelledby={titleId}
      // Escape closes this prompt only, not the map card under it (which listens on the document).
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation();
      }}
    >
      <h2 id={titleId} className="message-dialog__title">
        {REVIEW_MESSAGES.loginToPost}
      </h2>
      <div className="message-dialog__body">
        <p className="login-to-post__text">
          Share your order, photos and stars once you are signed in. New here?{' '}
          <Link to="/join" onClick={onClose}>
            Join
          </Link>
        </p>
      </div>
      <div className="message-dialog__actions login-to-post__actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
        <Link to="/login" className="button button--primary" onClick={onClose} ref={login}>
          Login
        </Link>
      </div>
    </dialog>
  );
}
