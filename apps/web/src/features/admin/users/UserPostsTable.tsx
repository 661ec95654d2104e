import type { PostView } from '../../post/types';

interface UserPostsTableProps {
  posts: PostView[];
  deleting: number | null;
  onDelete: (post: PostView) => void;
}

/** Spec §2 Users panel: a person's posts as #, Order, Est Name, Images (count) and a delete button per row. */
export function UserPostsTable({ posts, deleting, onDelete }: UserPostsTableProps) {
  if (posts.length === 0) return <p className="admin-muted">No posts.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">Posts</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Order</th>
            <th scope="col">Est Name</th>
            <th scope="col">Images</th>
            <th scope="col">
              <span className="visually-hidden">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post, index) => (
            <tr key={post.post_id}>
              <td>{index + 1}</td>
              <td>{post.order}</td>
              <td>{post.establishment_name}</td>
              <td>{post.images.length}</td>
              <td>
                <button
                  type="button"
                  className="button button--danger button--small"
                  onClick={() => onDelete(post)}
                  disabled={deleting === post.post_id}
                  aria-label={`Delete post ${index + 1}: ${post.order} at ${post.establishment_name}`}
                >
                  {deleting === post.post_id ? 'Deleting…' : 'Delete'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
