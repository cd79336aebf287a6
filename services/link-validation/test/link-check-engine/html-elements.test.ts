import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { HtmlElementReader, VALUE_WANTED } from '../../src/modules/link-check-engine/page/html-elements.ts';

/** The texts (in their pieces) and attribute values the reader tells, every value wanted. */
function readingOf(html: string): { texts: string[]; attributes: string[] } {
  const texts: string[] = [];
  const attributes: string[] = [];
  new HtmlElementReader({
    openTag: () => {},
    attributeRole: () => VALUE_WANTED,
    tagRole: () => 0,
    attribute: (name, value) => attributes.push(`${name}=${value}`),
    openTagEnd: () => {},
    closeTag: () => {},
    text: (data) => texts.push(data),
  }).read(html);
  return { texts, attributes };
}

/** The same, as htmlparser2's Parser (whose element rules the reader follows) tells them, decoding every entity. */
function decodingParserReadingOf(html: string): { texts: string[]; attributes: string[] } {
  const texts: string[] = [];
  const attributes: string[] = [];
  new Parser(
    {
      ontext: (data) => texts.push(data),
      onattribute: (name, value) => attributes.push(`${name}=${value}`),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  ).end(html);
  return { texts, attributes };
}

/** Pieces of markup where entities are read differently: text, titles, scripts, svg, attribute values. */
const MARKUP = [
  '<p>',
  '</p>',
  '<title>',
  '</title>',
  '</TITLE >',
  '</tit',
  '<TiTlE>',
  '<textarea>',
  '</textarea>',
  '<script>',
  '</script>',
  '<style>',
  '<xmp>',
  '<plaintext>',
  '<svg>',
  '</svg>',
  '<svg><title>',
  '<svg><script>',
  '<foreignObject>',
  '</foreignObject>',
  '<a href="',
  "<a title='",
  '<img alt=',
  ' x=',
  '"',
  "'",
  '=',
  '>',
  '/>',
  '<',
  '/',
  ' ',
  'x',
  'é',
  '<!--',
  '-->',
  '&',
  '&amp;',
  '&amp',
  '&ampx',
  '&amp=',
  '&AMP;',
  '&lt',
  '&not',
  '&notin;',
  '&notit;',
  '&nbsp;',
  '&euro',
  '&#38;',
  '&#x26',
  '&#',
  '&#x1F600;',
  '&#1234567;',
  '&NoSuchEntity;',
  '</ti&amp;',
];

/** The element events of a page, as one line each. */
function eventsOf(html: string, wanted: readonly string[] = ['class', 'href']): string[] {
  const events: string[] = [];
  new HtmlElementReader({
    openTag: (name) => events.push(`<${name}`),
    attributeRole: (name) => (wanted.includes(name) ? VALUE_WANTED : 0),
    tagRole: () => 0,
    attribute: (name, value) => events.push(`${name}=${value}`),
    openTagEnd: (name) => events.push(`${name}>`),
    closeTag: (name) => events.push(`</${name}`),
    text: (data) => events.push(`"${data}"`),
  }).read(html);
  return events;
}

describe('HTML element reader', () => {
  it('closes what a new element implies closed, and void elements at once', () => {
    expect(eventsOf('<ul><li>a<li>b</ul><p>x<div>y</div><img src=i.png>')).toEqual([
      '<ul',
      'ul>',
      '<li',
      'li>',
      '"a"',
      '</li',
      '<li',
      'li>',
      '"b"',
      '</li',
      '</ul',
      '<p',
      'p>',
      '"x"',
      '</p',
      '<div',
      'div>',
      '"y"',
      '</div',
      '<img',
      'src=',
      'img>',
      '</img',
    ]);
  });

  it('lower-cases names, decodes entities and keeps only wanted values', () => {
    expect(eventsOf('<A HREF="/a?x=1&amp;y=2" Data-X="q">Fish &amp; chips</A>')).toEqual([
      '<a',
      'href=/a?x=1&y=2',
      'data-x=',
      'a>',
      '"Fish "',
      '"&"',
      '" chips"',
      '</a',
    ]);
  });

  it('tells each name as itself when names of one length and ends meet again, in either case', () => {
    // abbr and addr, hidden and header, class and clues: same length, first and last letter.
    const page =
      '<abbr hidden class=a><addr HEADER class=b CLASS=c><ABBR clues=d class=e></abbr></addr></abbr><abbr class=f>';
    expect(eventsOf(page, ['class', 'clues'])).toEqual([
      '<abbr',
      'hidden=',
      'class=a',
      'abbr>',
      '<addr',
      'header=',
      'class=b',
      'class=c',
      'addr>',
      '<abbr',
      'clues=d',
      'class=e',
      'abbr>',
      '</abbr',
      '</addr',
      '</abbr',
      '<abbr',
      'class=f',
      'abbr>',
      '</abbr',
    ]);
  });

  it('reads <image> as img outside svg and as image inside it, however often it comes', () => {
    const tags = eventsOf('<image><svg><image/></svg><image>').filter((event) => /^<\w/.test(event));
    expect(tags).toEqual(['<img', '<svg', '<image', '<img']);
  });

  it('decodes entities where htmlparser2 does, in the same pieces, and nowhere else', () => {
    expect(readingOf('<title>a &amp; b</title><script>x &amp;&amp; y</script><textarea>&lt;p&gt;')).toEqual({
      texts: ['a ', '&', ' b', 'x &amp;&amp; y', '<', 'p', '>'],
      attributes: [],
    });
    expect(readingOf('<a href="?a=1&amp;b=2&copy=3" title=\'&notin;\' alt=&amp>')).toEqual({
      texts: [],
      attributes: ['href=?a=1&b=2&copy=3', 'title=∉', 'alt=&'],
    });
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...MARKUP), { maxLength: 24 }), (pieces) => {
        const html = pieces.join('');
        expect(readingOf(html)).toEqual(decodingParserReadingOf(html));
      }),
      { numRuns: 3_000 },
    );
  });

  it('knows self-closing tags in svg only', () => {
    expect(eventsOf('<svg><path/></svg><div/>t')).toEqual([
      '<svg',
      'svg>',
      '<path',
      'path>',
      '</path',
      '</svg',
      '<div',
      'div>',
      '"t"',
      '</div',
    ]);
  });

  it('ignores end tags of elements not open, reads </p> and </br> as browsers do', () => {
    expect(eventsOf('<div>a</span></p></br></div>')).toEqual([
      '<div',
      'div>',
      '"a"',
      '<p',
      'p>',
      '</p',
      '<br',
      'br>',
      '</br',
      '</div',
    ]);
  });

  it('ignores a form inside an open form, attributes and all', () => {
    expect(eventsOf('<form class=a><form class=b><input class=c></form>')).toEqual([
      '<form',
      'class=a',
      'form>',
      '<input',
      'class=c',
      'input>',
      '</input',
      '</form',
    ]);
  });

  it('closes what is still open at the end of the page, innermost first', () => {
    expect(eventsOf('<main><section><h1>T')).toEqual([
      '<main',
      'main>',
      '<section',
      'section>',
      '<h1',
      'h1>',
      '"T"',
      '</h1',
      '</section',
      '</main',
    ]);
  });
});
