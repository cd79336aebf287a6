import { Dialog } from '../../../components/dialog.tsx';
import { WebLink } from '../../../components/web-link.tsx';
import type { AdminPost } from '../api/posts-api.ts';
import { PlatformBadge, StatusBadge, titleOf } from './post-badges.tsx';
import { PostHistory } from './post-history.tsx';
import { DateTime } from '../../../components/date-time.tsx';

/**
 * admin.md §2 Read-only post details; each image opens full size in a new tab. A pending post
 * offers "Approve and next" (the review queue): approve it and show the next post of the list.
 */
export function PostDetailsDialog({
  post,
  busy = false,
  onApproveAndNext,
  onClose,
}: {
  post: AdminPost;
  busy?: boolean;
  onApproveAndNext?: () => void;
  onClose(): void;
}) {
  const images = [post.enhancedImage, post.mainImage, ...post.additionalImages].filter(
    (src, i, all): src is string => !!src && all.indexOf(src) === i,
  );
  const title = titleOf(post);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Post Details" className="post-dialog">
      {images.length > 0 && (
        <ul className="post-details-images">
          {images.map((src, i) => (
            <li key={src}>
              <WebLink href={src} image label={`Open image ${i + 1} full size`}>
                <img src={src} alt={`${title}, ${i + 1} of ${images.length}`} />
              </WebLink>
            </li>
          ))}
        </ul>
      )}
      <dl className="post-details">
        <dt>Title</dt>
        <dd>{title}</dd>
        <dt>Description</dt>
        <dd>{post.description || '—'}</dd>
        <dt>Celebrity</dt>
        <dd>{post.celebrity}</dd>
        <dt>Show</dt>
        <dd>{post.show}</dd>
        <dt>Brand</dt>
        <dd>{post.brand}</dd>
        <dt>Product Type</dt>
        <dd>{post.productType}</dd>
        <dt>Platform</dt>
        <dd>
          <PlatformBadge platform={post.platform} />
        </dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={post.status} />
        </dd>
        <dt>Created</dt>
        <dd>
          <DateTime iso={post.createdAt} />
        </dd>
        <dt>Updated</dt>
        <dd>
          <DateTime iso={post.updatedAt} />
        </dd>
        {post.rejectionReason && (
          <>
            <dt>Rejection Reason</dt>
            <dd>{post.rejectionReason}</dd>
          </>
        )}
      </dl>
      <PostHistory postId={post._id} />
      <div className="buttons">
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
        {onApproveAndNext && (
          <button type="button" disabled={busy} onClick={onApproveAndNext}>
            {busy ? 'Processing...' : 'Approve and next'}
          </button>
        )}
      </div>
    </Dialog>
  );
}
