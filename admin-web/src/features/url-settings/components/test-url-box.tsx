import { useState, type FormEvent } from 'react';
import { bannerText, rulesApi, type CleaningRulePreviewAnswer } from '../api/url-settings-api.ts';

/** link-health-and-routes.md §2.4 'Test URL Cleaning': every active rule applies (no ruleId). */
export function TestUrlBox() {
  const [url, setUrl] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<CleaningRulePreviewAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function test(event: FormEvent) {
    event.preventDefault();
    // §5: the Test button requires a non-blank URL.
    const value = url.trim();
    if (!value || running) return;
    setRunning(true);
    setError(null);
    setResult(null);
    try {
      setResult(await rulesApi.preview(value));
    } catch (e) {
      setError(bannerText('Failed to test URL', e));
    } finally {
      setRunning(false);
    }
  }

  return (
    <form className="panel test-url" onSubmit={test} noValidate aria-labelledby="test-url-title">
      <h2 id="test-url-title">Test URL Cleaning</h2>
      <div className="row">
        <input
          type="url"
          aria-label="URL to test"
          placeholder="https://example.com/product?utm_source=newsletter"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <button type="submit" disabled={!url.trim() || running}>
          {running ? 'Testing...' : 'Test'}
        </button>
      </div>
      {error && (
        <p role="alert" className="banner">
          {error}
        </p>
      )}
      {result && (
        <dl className="test-result" aria-live="polite">
          <dt>Original URL</dt>
          <dd>{result.original}</dd>
          <dt>Cleaned URL</dt>
          <dd>{result.cleaned ?? 'The link would be dropped.'}</dd>
        </dl>
      )}
    </form>
  );
}
