import { useState } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { PostErrors } from '../api/posts-api.ts';
import { downloadImages, imageFromConsole } from '../download-images.ts';
import { useBulkShareContent } from '../api/posts-queries.ts';
import { ShareContentView } from './share-dialog.tsx';

/**
 * admin.md §2 Bulk share dialog for the selected approved posts: each post's share content, and
 * every image downloaded one after another, 500 ms apart.
 */
export function BulkShareDialog({ postIds, onClose }: { postIds: string[]; onClose(): void }) {
  const answer = useBulkShareContent(postIds);
  const [downloading, setDownloading] = useState(false);
  const posts = answer.data?.posts ?? [];
  const images = posts.flatMap((p) =>
    p.image ? [{ url: imageFromConsole(p.image, p.postUrl), name: p.postId }] : [],
  );
  const downloadAll = async () => {
    setDownloading(true);
    try {
      await downloadImages(images);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Bulk Share (${postIds.length} ${postIds.length === 1 ? 'post' : 'posts'})`}
      className="post-dialog"
    >
      {answer.isPending ? (
        <p className="muted">Generating share content...</p>
      ) : answer.isError ? (
        <p role="alert" className="banner">
          {PostErrors.shareContent}
        </p>
      ) : (
        <>
          {images.length > 0 && (
            <button
              type="button"
              className="secondary"
              disabled={downloading}
              onClick={() => void downloadAll()}
            >
              {downloading ? 'Downloading...' : `Download All Images (${images.length})`}
            </button>
          )}
          <ol className="bulk-share-list">
            {posts.map((content) => (
              <li key={content.postId}>
                <ShareContentView content={content} idPrefix={`${content.postId}-`} />
              </li>
            ))}
          </ol>
        </>
      )}
      <div className="buttons">
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
