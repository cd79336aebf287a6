import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** What a reader of elements is told, in document order. */
export interface ElementEvents {
  /** An element opens (elements it implies closed are closed first); its attributes follow. */
  openTag(name: string): void;
  /** Whether the reader needs the value of attributes of this (lower-cased) name. */
  wantsValue(name: string): boolean;
  /** An attribute of the element being opened: lower-cased name, decoded value ('' if unwanted). */
  attribute(name: string, value: string): void;
  /** The element's attributes are all told; a void element's closeTag follows at once. */
  openTagEnd(name: string): void;
  /** An element closes: by its end tag, implied by another tag, or at the end of the page. */
  closeTag(name: string): void;
  /** A run of text, possibly in several pieces, entities decoded. */
  text(data: string): void;
}

// htmlparser2's tokenizer with the element rules of its Parser (implied end tags, void elements,
// foreign content), without what the Parser adds and the page reader does not use: an object of
// every element's attributes, a stack searched from the wrong end, instruction and comment texts.
// The Parser costs as much again as the tokenizing, which is most of a page read.
const FORM_TAGS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const P_TAG = new Set(['p']);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const TABLE_SECTION_TAGS = new Set(['thead', 'tbody']);
const DDT_TAGS = new Set(['dd', 'dt']);
const RTP_TAGS = new Set(['rt', 'rp']);
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', P_TAG],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag): [string, Set<string>] => [tag, HEADING_TAGS]),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((tag): [string, Set<string>] => [
    tag,
    FORM_TAGS,
  ]),
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DDT_TAGS],
  ['dt', DDT_TAGS],
  ...[
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((tag): [string, Set<string>] => [tag, P_TAG]),
  ['rt', RTP_TAGS],
  ['rp', RTP_TAGS],
  ['tbody', TABLE_SECTION_TAGS],
  ['tfoot', TABLE_SECTION_TAGS],
]);
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const FOREIGN_ROOTS = new Set(['svg', 'math']);
/** Elements inside svg or math whose content is HTML again (lower-cased, as names are here). */
const HTML_INTEGRATION = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignobject',
  'desc',
  'title',
]);

/** One element name as seen on the page being read: its rules, looked up once per page. */
interface Tag {
  /** The name, one string for every occurrence on the page. */
  name: string;
  /** How many elements of this name are open: an end tag of none open is ignored in O(1). */
  open: number;
  impliesClose: ReadonlySet<string> | undefined;
  isVoid: boolean;
  /** An svg or math root (its content is foreign) or an HTML integration point inside one. */
  foreignRoot: boolean;
  integration: boolean;
}

/**
 * Reads one whole page and tells `events` its elements and texts. `pause()` (from inside an event)
 * stops the reading for good: the rest of the page is not read and open elements are not closed.
 */
export class HtmlElementReader {
  private html = '';
  private readonly tokenizer: Tokenizer;
  /** Open elements, innermost last. */
  private readonly stack: Tag[] = [];
  /** Every element name met on this page, so each tag costs one lookup, not one per rule. */
  private readonly tags = new Map<string, Tag>();
  /** Per open foreign root or integration point: whether its content is svg/math. */
  private readonly foreign: boolean[] = [false];
  private tag: Tag | null = null;
  private attributeName = '';
  private attributeValue = '';
  private attributeValueWanted = false;
  /** A second form inside an open form is ignored, attributes and all (as browsers do). */
  private ignoredTag = false;

  constructor(private readonly events: ElementEvents) {
    this.tokenizer = new Tokenizer({ decodeEntities: true }, this.callbacks());
  }

  read(html: string): void {
    this.html = html;
    this.tokenizer.write(html);
    this.tokenizer.end();
  }

  pause(): void {
    this.tokenizer.pause();
  }

  private callbacks(): TokenizerCallbacks {
    const noop = () => {};
    return {
      ontext: (start, end) => this.events.text(this.html.slice(start, end)),
      ontextentity: (codePoint) => this.events.text(String.fromCodePoint(codePoint)),
      onopentagname: (start, end) => this.open(this.tagAt(start, end)),
      onattribname: (start, end) => {
        this.attributeName = this.html.slice(start, end).toLowerCase();
        this.attributeValueWanted = this.events.wantsValue(this.attributeName);
      },
      onattribdata: (start, end) => {
        if (this.attributeValueWanted) this.attributeValue += this.html.slice(start, end);
      },
      onattribentity: (codePoint) => {
        if (this.attributeValueWanted) this.attributeValue += String.fromCodePoint(codePoint);
      },
      onattribend: (quote) => {
        if (!this.ignoredTag) {
          this.events.attribute(this.attributeName, quote === QuoteType.NoValue ? '' : this.attributeValue);
        }
        this.attributeValue = '';
      },
      onopentagend: () => this.endOpenTag(),
      onselfclosingtag: () => {
        const tag = this.tag;
        this.endOpenTag();
        // Only svg and math know self-closing tags; in HTML `<div/>` opens a div.
        if (this.foreign[this.foreign.length - 1] && this.stack[this.stack.length - 1] === tag) this.pop();
      },
      onclosetag: (start, end) => this.close(this.tagAt(start, end)),
      onend: () => {
        while (this.stack.length > 0) this.pop();
      },
      isInForeignContext: () => this.foreign[this.foreign.length - 1]!,
      oncdata: noop,
      oncomment: noop,
      ondeclaration: noop,
      onprocessinginstruction: noop,
    };
  }

  private tagAt(start: number, end: number): Tag {
    let name = this.html.slice(start, end).toLowerCase();
    if (name === 'image' && !this.foreign[this.foreign.length - 1]) name = 'img';
    let tag = this.tags.get(name);
    if (tag === undefined) {
      tag = {
        name,
        open: 0,
        impliesClose: OPEN_IMPLIES_CLOSE.get(name),
        isVoid: VOID_ELEMENTS.has(name),
        foreignRoot: FOREIGN_ROOTS.has(name),
        integration: HTML_INTEGRATION.has(name),
      };
      this.tags.set(name, tag);
    }
    return tag;
  }

  private open(tag: Tag): void {
    this.tag = tag;
    this.ignoredTag = tag.name === 'form' && tag.open > 0;
    if (this.ignoredTag) return;
    const impliesClose = tag.impliesClose;
    if (impliesClose) {
      while (this.stack.length > 0 && impliesClose.has(this.stack[this.stack.length - 1]!.name)) this.pop();
    }
    if (!tag.isVoid) {
      this.stack.push(tag);
      tag.open += 1;
      if (tag.foreignRoot) this.foreign.push(true);
      else if (tag.integration) this.foreign.push(false);
    }
    this.events.openTag(tag.name);
  }

  private endOpenTag(): void {
    const tag = this.tag;
    this.tag = null;
    if (tag === null) return;
    if (this.ignoredTag) {
      this.ignoredTag = false;
      return;
    }
    this.events.openTagEnd(tag.name);
    if (tag.isVoid) this.events.closeTag(tag.name);
  }

  private close(tag: Tag): void {
    if (tag.isVoid) {
      // `</br>` is read as `<br>`, as browsers do; other void end tags mean nothing.
      if (tag.name === 'br') {
        this.events.openTag('br');
        this.events.openTagEnd('br');
        this.events.closeTag('br');
      }
      return;
    }
    if (tag.open > 0) {
      while (this.stack[this.stack.length - 1] !== tag) this.pop();
      this.pop();
    } else if (tag.name === 'p') {
      // `</p>` with no p open is an empty paragraph.
      this.events.openTag('p');
      this.events.openTagEnd('p');
      this.events.closeTag('p');
    }
  }

  private pop(): void {
    const tag = this.stack.pop()!;
    tag.open -= 1;
    if (tag.foreignRoot || tag.integration) {
      if (this.foreign.length > 1) this.foreign.pop();
    }
    this.events.closeTag(tag.name);
  }
}
