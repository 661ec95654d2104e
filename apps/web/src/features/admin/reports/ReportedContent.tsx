import { StarRating } from '../../../components/rating/StarRating';
import { postImageUrl, profileImageUrl } from '../../../lib/images';
import type { ReportedContent as Content } from './report-view';

type ReportedPost = Extract<Content, { kind: 'post' }>;

/** The content as it was reported (issue 17): a review with its photos, a comment with its review, or a profile. */
export function ReportedContent({ content }: { content: Content }) {
  if (content.kind === 'post') return <ReviewBlock post={content} />;
  if (content.kind === 'remote_comment') {
    return (
      <div className="report-content">
        <figure className="report-content__comment">
          <blockquote>{content.comment}</blockquote>
          <figcaption>
            Reply by <RemoteName handle={content.handle} url={content.profile_url} /> <span className="report-content__server">on {content.server}</span>
          </figcaption>
        </figure>
        <div className="report-content__context">
          <p className="report-content__context-label">On this review:</p>
          <ReviewBlock post={content.post} compact />
        </div>
      </div>
    );
  }
  if (content.kind === 'remote_user') {
    return (
      <div className="report-content report-content--profile">
        <dl className="report-content__profile">
          <div>
            <dt>Handle</dt>
            <dd>
              <RemoteName handle={content.handle} url={content.profile_url} />
            </dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>{content.name}</dd>
          </div>
          <div>
            <dt>Server</dt>
            <dd className="report-content__server">{content.server}</dd>
          </div>
        </dl>
      </div>
    );
  }
  if (content.kind === 'hours_change') {
    return (
      <div className="report-content report-content--profile">
        <p className="report-content__place">
          <a href={`/view/${content.establishment_id}`}>{content.establishment_name}</a>{' '}
          <span className="report-content__by">· opening hours changed by {content.username}</span>
        </p>
        <dl className="report-content__profile">
          <div>
            <dt>Before</dt>
            <dd>{content.before ?? <span className="admin-muted">No hours</span>}</dd>
          </div>
          <div>
            <dt>After</dt>
            <dd>{content.after ?? <span className="admin-muted">Cleared</span>}</dd>
          </div>
        </dl>
      </div>
    );
  }
  if (content.kind === 'comment') {
    return (
      <div className="report-content">
        <figure className="report-content__comment">
          <blockquote>{content.comment}</blockquote>
          <figcaption>Comment by {content.username}</figcaption>
        </figure>
        <div className="report-content__context">
          <p className="report-content__context-label">On this review:</p>
          <ReviewBlock post={content.post} compact />
        </div>
      </div>
    );
  }
  return (
    <div className="report-content report-content--profile">
      {content.profile_image ? (
        <a className="report-content__avatar" href={profileImageUrl(content.profile_image)} target="_blank" rel="noreferrer">
          <img src={profileImageUrl(content.profile_image, 'thumb')} alt={`Profile picture of ${content.username} (opens full size)`} width={72} height={72} />
        </a>
      ) : (
        <span className="report-content__avatar report-content__avatar--none">No picture</span>
      )}
      <dl className="report-content__profile">
        <div>
          <dt>Username</dt>
          <dd>{content.username}</dd>
        </div>
        <div>
          <dt>Bio</dt>
          <dd>{content.bio || <span className="admin-muted">None</span>}</dd>
        </div>
        <div>
          <dt>Favourite order</dt>
          <dd>{content.fav_order || <span className="admin-muted">None</span>}</dd>
        </div>
      </dl>
    </div>
  );
}

/** Someone elsewhere, linked to their page there when known. */
function RemoteName({ handle, url }: { handle: string; url: string | null }) {
  return url ? (
    <a href={url} target="_blank" rel="noreferrer">
      {handle}
    </a>
  ) : (
    <>{handle}</>
  );
}

function ReviewBlock({ post, compact = false }: { post: Omit<ReportedPost, 'kind'>; compact?: boolean }) {
  return (
    <div className={compact ? 'report-content report-content--compact' : 'report-content'}>
      <p className="report-content__place">
        {post.establishment_name} <span className="report-content__by">· review by {post.username}</span>
      </p>
      <p className="report-content__order">
        <span>{post.order}</span>
        <StarRating rating={post.rating} size={compact ? 13 : 15} />
      </p>
      {post.review && <p className="report-content__text">{post.review}</p>}
      {post.images.length > 0 && (
        <ul className="report-content__photos" aria-label={`Photos (${post.images.length})`}>
          {post.images.map((image, index) => (
            <li key={image}>
              <a href={postImageUrl(image)} target="_blank" rel="noreferrer">
                <img
                  src={postImageUrl(image, 'thumb')}
                  alt={`Photo ${index + 1} of ${post.order} (opens full size)`}
                  width={compact ? 56 : 88}
                  height={compact ? 56 : 88}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
