import { describe, expect, it } from 'vitest';
import { HtmlElementReader } from '../../src/modules/link-check-engine/page/html-elements.ts';

/** The element events of a page, as one line each. */
function eventsOf(html: string, wanted: readonly string[] = ['class', 'href']): string[] {
  const events: string[] = [];
  new HtmlElementReader({
    openTag: (name) => events.push(`<${name}`),
    wantsValue: (name) => wanted.includes(name),
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
