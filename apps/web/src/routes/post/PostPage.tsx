import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { WEB_ROUTES } from '@siplog/contracts';
import { FullPost } from '../../features/post/full-post/FullPost';
import { FullPostStatus } from '../../features/post/full-post/FullPostStatus';
import { parsePostId } from '../../features/post/full-post/post-state';
import { usePostQuery } from '../../features/post/full-post/usePostQuery';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NotFoundPage } from '../not-found/NotFoundPage';
import './post-page.css';

function PostNotFound() {
  return (
    <NotFoundPage
      title="We could not find this review"
      message="There is no review at this address. The link may be mistyped, or its author may have deleted it."
      documentTitle="Review not found"
    >
      <Link to={WEB_ROUTES.home} className="button button--primary">
        Back to the map
      </Link>
      <Link to={WEB_ROUTES.contact} className="button">
        Contact us
      </Link>
    </NotFoundPage>
  );
}

function PostById({ postId }: { postId: number }) {
  const navigate = useNavigate();
  const { post, notFound, failed, retry } = usePostQuery(postId);
  const [deleted, setDeleted] = useState(false);
  useDocumentTitle(post ? `${post.order} at ${post.establishment_name}` : notFound ? 'Review not found' : 'Review');

  if (notFound && !deleted) return <PostNotFound />;
  return (
    <div className="post-page">
      {post && !deleted ? (
        <FullPost
          post={post}
          headingLevel={1}
          className="full-post--page"
          onDeleted={() => {
            setDeleted(true);
            // Replace: Back should not lead to the review that is gone.
            void navigate(WEB_ROUTES.mylog, { replace: true });
          }}
        />
      ) : (
        <FullPostStatus notFound={false} failed={failed && !deleted} onRetry={retry} />
      )}
    </div>
  );
}

/** /post/{id}: one review as a page, the address its Share button hands out. */
export function PostPage() {
  const postId = parsePostId(useParams().id);
  if (postId === null) return <PostNotFound />;
  // Keyed: another review's address starts from a clean state (no edit form or notice carried over).
  return <PostById key={postId} postId={postId} />;
}
