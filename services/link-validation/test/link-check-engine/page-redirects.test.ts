import { describe, expect, it } from 'vitest';
import {
  metaRefreshTarget,
  scriptRedirectTarget,
} from '../../src/modules/link-check-engine/page-redirects.ts';

describe('redirects written into a page', () => {
  it('decodes character references in a meta refresh address, named and numeric', () => {
    expect(
      metaRefreshTarget('<meta http-equiv="refresh" content="0;url=/p?a=1&amp;b=2&#x26;c=3&#38;d=4">'),
    ).toBe('/p?a=1&b=2&c=3&d=4');
  });

  it('ignores a meta refresh inside noscript, and one with no address', () => {
    expect(
      metaRefreshTarget('<noscript><meta http-equiv="refresh" content="0;url=/nojs"></noscript>'),
    ).toBeNull();
    expect(metaRefreshTarget('<meta http-equiv="refresh" content="30">')).toBeNull();
  });

  it('ignores a meta refresh a script would write for old browsers only', () => {
    const page = `<script>if (ie6) { document.write('<meta http-equiv="Refresh" content="0;URL=/unsupported"/>'); }</script>
      <meta http-equiv="refresh" content="0;url=/real">`;
    expect(metaRefreshTarget(page)).toBe('/real');
    expect(
      metaRefreshTarget(`<script>document.write('<meta http-equiv="Refresh" content="0;URL=/x"/>')</script>`),
    ).toBeNull();
  });

  it('reads a page of a hundred thousand unclosed tags in one pass', () => {
    for (const opener of ['<script', '<meta', '<noscript', '<script></script><meta']) {
      const page = `${opener} `.repeat(100_000);
      const started = performance.now();
      expect(metaRefreshTarget(page)).toBeNull();
      // A pass that went back over the page for each tag would take minutes here, not seconds.
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  it('unescapes a script literal and ignores external and JSON scripts', () => {
    expect(
      scriptRedirectTarget('<script>location.href = "https:\\/\\/shop.test\\/p?x=1\\u0026y=2";</script>'),
    ).toBe('https://shop.test/p?x=1&y=2');
    expect(
      scriptRedirectTarget(
        '<script src="/a.js">location.href="/x"</script><script type="application/json">{"location":"/y"}</script>',
      ),
    ).toBeNull();
  });
});
