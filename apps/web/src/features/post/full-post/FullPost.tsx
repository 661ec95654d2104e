import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAddressLine, formatCount, formatPostDate } from '@siplog/contracts';
import { PhotoCarousel } from '../../../components/carousel/PhotoCarousel';
import { MentionText } from '../../../components/mentions/MentionText';
import { CupIcon, PlaceIcon } from '../../../components/icons/icons';
import { postImageUrl } from '../../../lib/images';
import { ReportMenu } from '../../safety/ReportMenu';
import { useSession } from '../../session/useSession';
import { DrinkChips } from '../../drink/DrinkChips';
import type { PostView } from '../types';
import { DeletePostButton } from './DeletePostButton';
import { PostActions } from './PostActions';
import { PostAuthor } from './PostAuthor';
import { CommentForm, CommentList } from './PostComments';
import { PostEditForm } from './PostEditForm';
import { isAuthor, likesLabel } from './post-state';
import './full-post.css';

interface FullPostProps {
  post: PostView;
  /** The id of the review's heading, so a dialog can be labelled by it; one is made when not given. */
  headingId?: string;
  /** h1 on the post's own page, h2 inside a dialog. */
  headingLevel?: 1 | 2;
  /** After the author deleted it: close the dialog, or leave the page. */
  onDeleted: () => void;
  /** Extra controls at the end of the author row (the dialog's close button). */
  headerExtra?: ReactNode;
  className?: string;
}

/** Where the review was ordered: the place's page link and its address on one line. */
function PostPlace({ post }: { post: PostView }) {
  const address = formatAddressLine({ street: post.est_street, city: post.est_city, state: post.est_state, zip: post.est_zip, country: post.est_country });
  return (
    <p className="full-post__place">
      <PlaceIcon width={18} height={18} />
      <span>
        <Link to={`/view/${post.establishment_id}`} className="full-post__place-name">
          {post.establishment_name}
        </Link>
        {address && <span className="full-post__address">{address}</span>}
      </span>
    </p>
  );
}

/**
 * The full post (spec §2 Full-post modal): author with avatar and follow button, stars, the photos one at a time,
 * like and share, place and address, date, like count, order, review and comments with their input. The author
 * also gets Edit (in place) and Delete. Shown in FullPostDialog and on the post's own page (/post/{id}).
 */
export function FullPost({ post, headingId: givenHeadingId, headingLevel = 2, onDeleted, headerExtra, className }: FullPostProps) {
  const session = useSession();
  const ownHeadingId = useId();
  const headingId = givenHeadingId ?? ownHeadingId;
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const own = isAuthor(post, session?.username);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <article className={['full-post', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <PostAuthor username={post.username} rating={post.rating}>
        {headerExtra}
      </PostAuthor>
      <PhotoCarousel
        sources={post.images.map((image) => postImageUrl(image, 'full'))}
        label={post.order}
        placeholder={<CupIcon width={56} height={56} />}
        className="full-post__photos"
      />
      <div className="full-post__body">
        <PostActions post={post}>
          {own && !editing && (
            <>
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  setNotice(null);
                  setEditing(true);
                }}
              >
                Edit
              </button>
              <DeletePostButton postId={post.post_id} onDeleted={onDeleted} />
            </>
          )}
          {!own && <ReportMenu target={{ kind: 'post', id: post.post_id }} label="More actions for this review" />}
        </PostActions>
        <p className="full-post__meta">
          <span className="full-post__likes" aria-label={likesLabel(post.likes)}>
            {formatCount(post.likes)} {post.likes === 1 ? 'like' : 'likes'}
          </span>
          <time dateTime={post.post_date}>{formatPostDate(post.post_date)}</time>
        </p>
        <PostPlace post={post} />
        {editing ? (
          <>
            {/* Still names the dialog while the form is open. */}
            <Heading id={headingId} className="visually-hidden">
              {post.order}
            </Heading>
            <PostEditForm
              post={post}
              onDone={(message) => {
                setEditing(false);
                setNotice(message);
              }}
            />
          </>
        ) : (
          <div className="full-post__text">
            <Heading id={headingId} className="full-post__order">
              {post.order}
            </Heading>
            <DrinkChips drink={post.drink} className="full-post__drink" />
            {post.review && (
              <p className="full-post__review">
                <MentionText text={post.review} mentions={post.mentions} />
              </p>
            )}
          </div>
        )}
        {notice && (
          <p className="full-post__notice" role="status">
            {notice}
          </p>
        )}
        <CommentList postId={post.post_id} reviewAuthor={post.username} />
      </div>
      <CommentForm postId={post.post_id} />
    </article>
  );
}
