import { useEffect, useState } from 'react';
import { PostErrors, PostMessages, type PublishResult, type ShareContent } from '../api/posts-api.ts';
import { usePublishToSocial, usePublishingStatus } from '../api/posts-queries.ts';
import { PUBLISH_SUCCESS_MS } from '../../../config/constants.ts';

export type PublishState = 'idle' | 'publishing' | 'published' | 'failed';

/**
 * admin.md §2 Sharing: publishing to Instagram with an editable caption (required). States idle,
 * publishing, published (its message clears after 10 s), failed. When the catalog has no publishing
 * settings, the section says so instead of offering a button that cannot work.
 */
export function InstagramPublish({ content }: { content: ShareContent }) {
  const status = usePublishingStatus(true);
  const publish = usePublishToSocial();
  const [caption, setCaption] = useState(content.caption);
  const [state, setState] = useState<PublishState>('idle');
  const [result, setResult] = useState<Pick<PublishResult, 'message' | 'error'> | null>(null);
  const [captionError, setCaptionError] = useState<string | null>(null);

  useEffect(() => {
    if (state !== 'published') return;
    const timer = setTimeout(() => {
      setState('idle');
      setResult(null);
    }, PUBLISH_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const run = () => {
    if (caption.trim() === '') {
      setCaptionError(PostMessages.captionRequired);
      return;
    }
    setCaptionError(null);
    setState('publishing');
    setResult(null);
    publish.mutate(
      { id: content.postId, caption: caption.trim(), platforms: ['instagram'] },
      {
        onSuccess: (answer) => {
          setState(answer.success ? 'published' : 'failed');
          setResult({ message: answer.message, error: answer.error });
        },
        onError: (e) => {
          setState('failed');
          setResult({ message: PostErrors.publish, error: e.message });
        },
      },
    );
  };

  return (
    <section className="share-section" aria-labelledby="instagram-heading">
      <h3 id="instagram-heading">Publish to Instagram</h3>
      {status.isPending ? (
        <p className="muted">Checking publishing settings...</p>
      ) : status.data && !status.data.configured ? (
        <p className="muted" role="note">
          Publishing to Instagram is not configured. {status.data.message}.
        </p>
      ) : (
        <>
          <div className="field">
            <label htmlFor="publish-caption">Caption</label>
            <textarea
              id="publish-caption"
              rows={5}
              value={caption}
              aria-invalid={captionError !== null}
              aria-describedby={captionError ? 'publish-caption-error' : undefined}
              onChange={(e) => setCaption(e.target.value)}
            />
            {captionError && (
              <p id="publish-caption-error" className="error">
                {captionError}
              </p>
            )}
          </div>
          {status.data && !status.data.connected && <p className="muted">{status.data.message}</p>}
          <button type="button" disabled={state === 'publishing'} onClick={run}>
            {state === 'publishing' ? 'Publishing...' : 'Publish to Instagram'}
          </button>
          <div role="status" aria-live="polite">
            {state === 'published' && result && <p className="publish-success">{result.message}</p>}
            {state === 'failed' && result && (
              <p className="banner">
                {result.error && result.error !== PostErrors.publish
                  ? `${PostErrors.publish}: ${result.error}`
                  : PostErrors.publish}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
