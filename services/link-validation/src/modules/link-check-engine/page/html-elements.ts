import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { EntityRuns, type RunContext } from './entity-runs.ts';

/** The bit of an attribute's role (ElementEvents.attributeRole) that asks for its value. */
export const VALUE_WANTED = 1;

/** What a reader of elements is told, in document order. */
export interface ElementEvents {
  /** An element opens (elements it implies closed are closed first); its attributes follow. */
  openTag(name: string): void;
  /**
   * What the reader makes of attributes of this (lower-cased) name, asked once per name and page:
   * any number, handed back with each such attribute; an odd one (VALUE_WANTED set) asks for the value.
   */
  attributeRole(name: string): number;
  /**
   * An attribute of the element being opened: lower-cased name, decoded value ('' unless wanted),
   * and the role attributeRole gave its name.
   */
  attribute(name: string, value: string, role: number): void;
  /** What the reader makes of elements of this name, asked once per name and page: handed back below. */
  tagRole(name: string): number;
  /** The element's attributes are all told; a void element's closeTag follows at once. */
  openTagEnd(name: string, role: number): void;
  /** An element closes: by its end tag, implied by another tag, or at the end of the page. */
  closeTag(name: string, role: number): void;
  /** A run of text, possibly in several pieces (an entity is a piece of its own), entities decoded. */
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

/**
 * Elements whose content the tokenizer reads as text up to their end tag (outside svg and math):
 * a title's and a textarea's with entities, the others' as written.
 */
const TEXT_ONLY = new Map<string, RunContext | null>([
  ['title', 'title'],
  ['textarea', 'textarea'],
  ...['script', 'style', 'iframe', 'noembed', 'noframes', 'xmp', 'plaintext'].map((name): [string, null] => [
    name,
    null,
  ]),
]);

/** One for every reader: a run is decoded at once, never inside another's decoding. */
const entityRuns = new EntityRuns();

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
  /** Its content is text to its end tag: read with entities ('title', 'textarea') or as written (null). */
  textOnly: RunContext | null | undefined;
  /** What the events' tagRole said of the name. */
  role: number;
}

/** An attribute name as seen on the page being read: lower-cased, with its role. */
interface AttributeName {
  name: string;
  role: number;
}

/**
 * What was made of the names met last on a page, in slots by length and first and last character: a
 * name that fills its slot again, in the same case, is found there without a copy of it, a
 * lower-casing or a hash (most of a page's attributes and tags are a few dozen names over and over).
 */
class NameSlots<T extends { name: string }> {
  private static readonly SIZE = 256;
  private readonly slots = new Array<T | undefined>(NameSlots.SIZE);

  /** What was remembered for the name at html[start, end), if that name still holds its slot. */
  find(html: string, start: number, end: number): T | undefined {
    const known = this.slots[slotOf(html, start, end)];
    return known !== undefined && known.name.length === end - start && html.startsWith(known.name, start)
      ? known
      : undefined;
  }

  remember(html: string, start: number, end: number, value: T): T {
    this.slots[slotOf(html, start, end)] = value;
    return value;
  }
}

const slotOf = (html: string, start: number, end: number) =>
  ((end - start) * 31 + html.charCodeAt(start) * 7 + html.charCodeAt(end - 1)) & 255;

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
  /** How the tokenizer reads the content of the element being opened, and of the one it is in. */
  private openedTextOnly: RunContext | null | undefined = undefined;
  private textOnly: RunContext | null | undefined = undefined;
  /** The first `&` at or after the last place asked about (html.length when there is none). */
  private nextAmp = -1;
  private readonly tagSlots = new NameSlots<Tag>();
  private readonly attributeSlots = new NameSlots<AttributeName>();
  private attributeName: AttributeName = { name: '', role: 0 };
  private valueStart = -1;
  private valueEnd = -1;
  /** A second form inside an open form is ignored, attributes and all (as browsers do). */
  private ignoredTag = false;
  private readonly tellText = (piece: string) => this.events.text(piece);

  constructor(private readonly events: ElementEvents) {
    // Entities are decoded here, only in the runs that have any and are read: decoding them all in
    // the tokenizer makes it look at every character of the page's text and attribute values in
    // turn, where otherwise it skips to the next '<' or quote (most of a small page's tokenizing).
    this.tokenizer = new Tokenizer({ decodeEntities: false }, this.callbacks());
  }

  read(html: string): void {
    this.html = html;
    this.nextAmp = -1;
    this.tokenizer.write(html);
    this.tokenizer.end();
  }

  pause(): void {
    this.tokenizer.pause();
  }

  private callbacks(): TokenizerCallbacks {
    const noop = () => {};
    return {
      ontext: (start, end) => this.text(start, end),
      ontextentity: noop,
      onopentagname: (start, end) => this.open(this.tagAt(start, end)),
      onattribname: (start, end) => {
        const html = this.html;
        let known = this.attributeSlots.find(html, start, end);
        if (known === undefined) {
          const name = html.slice(start, end).toLowerCase();
          known = this.attributeSlots.remember(html, start, end, {
            name,
            role: this.events.attributeRole(name),
          });
        }
        this.attributeName = known;
      },
      onattribdata: (start, end) => {
        if (this.valueStart < 0) this.valueStart = start;
        this.valueEnd = end;
      },
      onattribentity: noop,
      onattribend: (quote) => {
        if (!this.ignoredTag) {
          const { name, role } = this.attributeName;
          const wanted = (role & VALUE_WANTED) !== 0 && quote !== QuoteType.NoValue;
          this.events.attribute(name, wanted ? this.attributeValue(quote) : '', role);
        }
        this.valueStart = -1;
      },
      onopentagend: () => this.endOpenTag(),
      onselfclosingtag: () => {
        const tag = this.tag;
        this.endOpenTag();
        // Only svg and math know self-closing tags; in HTML `<div/>` opens a div.
        if (this.foreign[this.foreign.length - 1] && this.stack[this.stack.length - 1] === tag) this.pop();
      },
      onclosetag: (start, end) => {
        this.textOnly = undefined;
        this.close(this.tagAt(start, end));
      },
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

  /** A run of text: as written inside a script or style, else with its entities decoded. */
  private text(start: number, end: number): void {
    const context = this.textOnly;
    if (context === null || !this.hasAmp(start, end)) this.events.text(this.html.slice(start, end));
    else entityRuns.text(this.html, start, end, context ?? 'text', this.tellText);
  }

  private attributeValue(quote: QuoteType): string {
    const start = this.valueStart;
    const end = this.valueEnd;
    if (start < 0) return '';
    if (!this.hasAmp(start, end)) return this.html.slice(start, end);
    return entityRuns.attributeValue(this.html, start, end, quote);
  }

  /** Whether html[start, end) has an `&`; asked of runs in the page's order, so the page is searched once. */
  private hasAmp(start: number, end: number): boolean {
    if (this.nextAmp < start) {
      const at = this.html.indexOf('&', start);
      this.nextAmp = at < 0 ? this.html.length : at;
    }
    return this.nextAmp < end;
  }

  private tagAt(start: number, end: number): Tag {
    const html = this.html;
    const known = this.tagSlots.find(html, start, end);
    if (known !== undefined) return known;
    const name = html.slice(start, end).toLowerCase();
    // Not remembered: which element it is depends on where it is.
    if (name === 'image') return this.tagNamed(this.foreign[this.foreign.length - 1] ? name : 'img');
    return this.tagSlots.remember(html, start, end, this.tagNamed(name));
  }

  private tagNamed(name: string): Tag {
    let tag = this.tags.get(name);
    if (tag === undefined) {
      tag = {
        name,
        open: 0,
        impliesClose: OPEN_IMPLIES_CLOSE.get(name),
        isVoid: VOID_ELEMENTS.has(name),
        foreignRoot: FOREIGN_ROOTS.has(name),
        integration: HTML_INTEGRATION.has(name),
        textOnly: TEXT_ONLY.get(name),
        role: this.events.tagRole(name),
      };
      this.tags.set(name, tag);
    }
    return tag;
  }

  private open(tag: Tag): void {
    this.tag = tag;
    // The tokenizer reads a title or a script inside svg or math as any other element.
    this.openedTextOnly = this.foreign[this.foreign.length - 1] ? undefined : tag.textOnly;
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
    this.textOnly = this.openedTextOnly;
    this.openedTextOnly = undefined;
    if (tag === null) return;
    if (this.ignoredTag) {
      this.ignoredTag = false;
      return;
    }
    this.events.openTagEnd(tag.name, tag.role);
    if (tag.isVoid) this.events.closeTag(tag.name, tag.role);
  }

  private close(tag: Tag): void {
    if (tag.isVoid) {
      // `</br>` is read as `<br>`, as browsers do; other void end tags mean nothing.
      if (tag.name === 'br') this.tellEmpty(tag);
      return;
    }
    if (tag.open > 0) {
      while (this.stack[this.stack.length - 1] !== tag) this.pop();
      this.pop();
    } else if (tag.name === 'p') {
      // `</p>` with no p open is an empty paragraph.
      this.tellEmpty(tag);
    }
  }

  /** An element with nothing in it, where an end tag stands for one. */
  private tellEmpty(tag: Tag): void {
    this.events.openTag(tag.name);
    this.events.openTagEnd(tag.name, tag.role);
    this.events.closeTag(tag.name, tag.role);
  }

  private pop(): void {
    const tag = this.stack.pop()!;
    tag.open -= 1;
    if (tag.foreignRoot || tag.integration) {
      if (this.foreign.length > 1) this.foreign.pop();
    }
    this.events.closeTag(tag.name, tag.role);
  }
}
