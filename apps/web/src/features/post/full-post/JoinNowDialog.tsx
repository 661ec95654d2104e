import { Link } from 'react-router';
import { SOCIAL_MESSAGES } from '@siplog/contracts';
import { Modal } from '../../../components/dialog/Modal';

/** Spec §4 Like: a guest who likes a review is asked to join, with a way to log in; `text` says why when it is not a like (Report). */
export function JoinNowDialog({ onClose, text }: { onClose: () => void; text?: string }) {
  return (
    <Modal title={SOCIAL_MESSAGES.joinNow} onClose={onClose} className="full-post-prompt">
      <div className="full-post-prompt__body">
        <p>{text ?? 'Log in or create a free account to like reviews, comment on them and follow the people whose orders you trust.'}</p>
        <div className="full-post-prompt__actions">
          <Link to="/join" className="button button--small">
            Join
          </Link>
          <Link to="/login" className="button button--primary button--small">
            Log in
          </Link>
        </div>
      </div>
    </Modal>
  );
}
