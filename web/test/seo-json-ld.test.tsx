import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Seo } from '../src/components/seo.tsx';
import { jsonScriptText } from '../src/lib/json-script-text.ts';

const HOSTILE = 'Dress </script><img src=x onerror="alert(1)"> <!-- & more \u2028';

describe('JSON-LD script blocks', () => {
  it('keep post text that closes the script inert when the markup is saved and parsed again', () => {
    const jsonLd = { '@type': 'Product', name: HOSTILE, description: '<script>x</script>' };
    render(
      <MemoryRouter>
        <Seo title="Look" description="A look" jsonLd={jsonLd} />
      </MemoryRouter>,
    );

    // What a prerenderer or a crawler's cache keeps: the head as markup, parsed again later.
    const saved = new DOMParser().parseFromString(
      `<!doctype html><html><head>${document.head.innerHTML}</head><body></body></html>`,
      'text/html',
    );
    expect(saved.querySelectorAll('img')).toHaveLength(0);
    const blocks = saved.querySelectorAll('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(1);
    expect(JSON.parse(blocks[0]!.textContent!)).toEqual(jsonLd);
  });

  it('writes <, > and & as \\u escapes that JSON readers turn back into the same text', () => {
    const value = { name: HOSTILE, list: ['a&b', '>'] };
    const text = jsonScriptText(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(text).toContain('\\u0026');
    expect(JSON.parse(text)).toEqual(value);
  });
});
