import { Dialog } from '../../../components/dialog.tsx';
import { PostErrors, type ShareContent } from '../api/posts-api.ts';
import { downloadFile, imageFromConsole } from '../download-images.ts';
import { InstagramPublish } from './instagram-publish.tsx';
import { useShareContent } from '../api/posts-queries.ts';
import { facebookShareUrl, pinterestShareUrl, shareSummary, twitterShareUrl } from '../share-text.ts';
import { useCopyFeedback } from './use-copy-feedback.ts';
import { CAPTION_COPY_FEEDBACK_MS, COPY_FEEDBACK_MS } from '../../../config/constants.ts';

/** A button that copies `text` and reads 'Copied!' for the feedback time. */
export function CopyButton({
  id,
  label,
  text,
  ms,
  feedback,
}: {
  id: string;
  label: string;
  text: string;
  ms: number;
  feedback: ReturnType<typeof useCopyFeedback>;
}) {
  const done = feedback.copied === id;
  return (
    <button type="button" className="secondary small" onClick={() => void feedback.copy(id, text, ms)}>
      {done ? 'Copied!' : label}
    </button>
  );
}

/** The share content of one approved post: preview, copy buttons, share links. */
export function ShareContentView({ content, idPrefix = '' }: { content: ShareContent; idPrefix?: string }) {
  const feedback = useCopyFeedback();
  const summary = shareSummary(content);
  const image = content.image && imageFromConsole(content.image, content.postUrl);
  return (
    <div className="share-content">
      {image && <img className="share-image" src={image} alt={content.title} />}
      <div className="share-text">
        <p className="post-title">{content.title}</p>
        <p className="muted">
          {content.celebrity} • {content.show}
        </p>
        <pre className="share-caption">{content.caption}</pre>
        <ul className="chips" aria-label="Hashtags">
          {content.hashtags.map((tag) => (
            <li key={tag} className="chip">
              {tag}
            </li>
          ))}
        </ul>
        <p className="share-url">
          <a href={content.postUrl} target="_blank" rel="noopener noreferrer">
            {content.postUrl}
          </a>
        </p>
        <div className="share-buttons">
          <CopyButton
            id={`${idPrefix}caption`}
            label="Copy Instagram Caption"
            text={content.caption}
            ms={CAPTION_COPY_FEEDBACK_MS}
            feedback={feedback}
          />
          <CopyButton
            id={`${idPrefix}hashtags`}
            label="Copy Hashtags"
            text={content.hashtags.join(' ')}
            ms={COPY_FEEDBACK_MS}
            feedback={feedback}
          />
          <CopyButton
            id={`${idPrefix}link`}
            label="Copy Link"
            text={content.postUrl}
            ms={COPY_FEEDBACK_MS}
            feedback={feedback}
          />
          {image && (
            <button
              type="button"
              className="secondary small"
              onClick={() => void downloadFile(image, content.postId)}
            >
              Download Image
            </button>
          )}
        </div>
        <div className="share-buttons">
          <a
            className="share-link"
            href={twitterShareUrl(summary, content.postUrl)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Share on Twitter
          </a>
          <a
            className="share-link"
            href={facebookShareUrl(content.postUrl)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Share on Facebook
          </a>
          <a
            className="share-link"
            href={pinterestShareUrl(content.postUrl, content.image, summary)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Share on Pinterest
          </a>
        </div>
      </div>
    </div>
  );
}

/** admin.md §2 Share dialog for one approved post. */
export function ShareDialog({ postId, onClose }: { postId: string; onClose(): void }) {
  const content = useShareContent(postId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Share Post" className="post-dialog">
      {content.isPending ? (
        <p className="muted">Generating share content...</p>
      ) : content.isError ? (
        <p role="alert" className="banner">
          {PostErrors.shareContent}
        </p>
      ) : (
        <>
          <ShareContentView content={content.data} />
          <InstagramPublish content={content.data} />
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
