import { HtmlElementReader } from './html-elements.ts';
import { isChromeRole, isChromeTag, namesOtherProducts, OTHER_PRODUCTS } from './recommendation-blocks.ts';
import {
  AttributeCase,
  attributeCase,
  attributeRoleOf,
  clearAttributes,
  DATA_NAME,
  FLAG,
  KEPT,
  type Attributes,
} from './walk-attributes.ts';

export interface Control {
  label: string;
  disabled: boolean;
  /** class, id, a link's href and data-* attribute names: what the markup calls the control. */
  hint: string;
}

export interface PriceCandidate {
  /** Text of the element without struck-through parts. */
  text: string;
  dataPrice: string | undefined;
  /** class and data-testid of the element, its parent and grandparent. */
  labels: string;
  ownClass: string;
}

/** A schema.org microdata item: its type and its properties, in document order. */
export interface MicrodataItem {
  type: string;
  properties: { name: string; value: string | MicrodataItem }[];
}

/** Everything the page readers need, gathered in one streaming pass over the HTML. */
export interface WalkedPage {
  title: string;
  firstHeading: string;
  /** meta property= or name= (lower-cased) → content, first occurrence. */
  metas: Map<string, string>;
  jsonLdScripts: string[];
  /** application/json scripts (platform data), with their id. */
  jsonScripts: { id: string; text: string }[];
  /** Top-level microdata Product items outside recommendation blocks. */
  productItems: MicrodataItem[];
  /** Microdata Offer items that are no item's property, outside recommendation blocks. */
  offerItems: MicrodataItem[];
  productTiles: number;
  /** Buttons outside chrome and recommendation blocks. */
  controls: Control[];
  priceCandidates: PriceCandidate[];
  /** Visible text of the main content (else the body) outside chrome and recommendation blocks. */
  text: string;
  /** Visible text of elements the markup calls availability or stock (outside chrome and others). */
  availability: string[];
  /** `name=value` of data-available, data-in-stock and the like, outside chrome and others. */
  availabilityFlags: string[];
  /** Inline scripts that assign page state (window.__APOLLO_STATE__ = {...}, Shopify meta). */
  stateScripts: string[];
  /** Visible, not struck-through texts that are nothing but an amount with a currency ("$123"). */
  amountTexts: string[];
  /** The lang attribute of the html element, lower-cased ('da', 'en-ca'), or ''. */
  lang: string;
  /** Why the page was read only up to a point (a hostile or broken page), or null. */
  cutShort: string | null;
}

// Not 'head': htmlparser2 keeps a head that was never closed open around the whole body, where a
// browser would have started the body; text of a real head is all in title, script and style.
const SKIPPED_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'title']);
const RAW_TEXT = new Set(['script', 'style']);
const STRUCK = new Set(['del', 's', 'strike']);
/** What the walk makes of an element by its name (the reader's tag role: one lookup per name and page). */
const TAG_SKIPPED_TEXT = 1;
const TAG_RAW_TEXT = 2;
const TAG_STRUCK = 4;
const TAG_CHROME = 8;

function tagRole(name: string): number {
  return (
    (SKIPPED_TEXT.has(name) ? TAG_SKIPPED_TEXT : 0) |
    (RAW_TEXT.has(name) ? TAG_RAW_TEXT : 0) |
    (STRUCK.has(name) ? TAG_STRUCK : 0) |
    (isChromeTag(name) ? TAG_CHROME : 0)
  );
}
const PRODUCT_TYPE = /schema\.org\/Product(Group)?\b/i;
const OFFER_TYPE = /schema\.org\/(Aggregate)?Offer\b/i;
const TILE_CLASS = /product-card|product-tile|productcard|producttile|product-grid-item|product-item/i;
const PRICE_LABEL = /price/i;
const MAX_TEXT_CHARS = 200_000;
const MAX_ELEMENT_TEXT = 2_000;
const MAX_LIST = 20;
const NO_FLAGS: readonly string[] = [];
const AVAILABILITY_LABEL = /availab|stock|inventory|verfügbar|disponib|lieferbar/i;
const NOT_AVAILABILITY_LABEL = /stockist|stocking|livestock/i;
const HIDDEN_CLASS = /(^|\s)(hidden|aok-hidden|d-none|is-hidden|hide|u-hidden|display-none)(\s|$)/i;
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;
const STATE_SCRIPT =
  /__[A-Z][A-Z0-9_]*__\s*=|\b(var|let|const)\s+meta\s*=\s*\{|ShopifyAnalytics\.meta\s*=|JSON\.parse\(\s*['"`]/;
const MAX_STATE_SCRIPT_CHARS = 3_000_000;
const AMOUNT_TEXT =
  /^\s*(?:(?:[A-Z]{3}|[A-Z]{0,2}\$|[£€¥￥₹฿₩])\s?\d[\d.,\s]*|\d[\d.,\s]*\s?(?:[A-Z]{3}|€|£|円|kr|zł|Kč|\$))\s*$/;
/** A link to a shop's back-in-stock sign-up is a control like a notify-me button. */
const NOTIFY_LINK = /notify|back-?in-?stock|stock-?alert|restock/i;
/**
 * Past this depth, or this many attributes on one element, the page is read no further: the
 * tokenizer's own stack costs time in proportion to the depth at every tag, so a page nested a
 * million deep would hold the worker for minutes.
 */
const MAX_DEPTH = 2_000;
const MAX_ATTRIBUTES = 10_000;
/** Texts collected at once (a million nested buttons must not make each text a million appends). */
const MAX_ACTIVE_COLLECTORS = 32;
/** Controls and price candidates kept. */
const MAX_ELEMENTS = 1_000;

/** The attributes every element is asked about, gathered as the tokenizer reads them. */
interface SeenAttributes {
  className: string | undefined;
  id: string | undefined;
  role: string | undefined;
  testId: string | undefined;
  /** Attributes read so far. */
  count: number;
  hidden: boolean;
  microdata: boolean;
  tile: boolean;
  price: boolean;
  other: boolean;
  /** `name=value` of its availability flags, when it has any. */
  flags: string[] | null;
  /** The kept attributes (all undefined when the element has none). */
  kept: Attributes;
  /** Whether any attribute was kept, so `kept` must be cleared for the next element. */
  keptAny: boolean;
  /** Names of its data-* attributes, when it has any. */
  dataNames: string[] | null;
}

/** Made ready for the next element: one object serves every element of a page, in turn. */
function clearSeen(seen: SeenAttributes): void {
  seen.className = undefined;
  seen.id = undefined;
  seen.role = undefined;
  seen.testId = undefined;
  seen.count = 0;
  seen.hidden = false;
  seen.microdata = false;
  seen.tile = false;
  seen.price = false;
  seen.other = false;
  seen.flags = null;
  if (seen.keptAny) clearAttributes(seen.kept);
  seen.keptAny = false;
  seen.dataNames = null;
}

/** What a class attribute says, as bits. */
const CLASS_OTHER = 1;
const CLASS_HIDDEN = 2;
const CLASS_TILE = 4;
const CLASS_PRICE = 8;
const CLASS_AVAILABILITY = 16;
const CLASS_BUTTON = 32;
const CLASS_DISABLED = 64;
/**
 * The bits of each class string met, remembered across pages: a shop's pages are made from the same
 * templates and a worker reads the same shops over and over. Emptied when full.
 */
const MAX_REMEMBERED_CLASSES = 50_000;
const classBitsMemo = new Map<string, number>();

const BUTTON_CLASS = /button|btn/i;
const DISABLED_CLASS = /\bdisabled\b/i;
/**
 * Matches wherever any of the class tests below could: most class strings name none of these, and
 * one pass over them settles that instead of seven.
 */
const ANY_CLASS_WORD = new RegExp(
  [OTHER_PRODUCTS, HIDDEN_CLASS, TILE_CLASS, PRICE_LABEL, AVAILABILITY_LABEL, BUTTON_CLASS, DISABLED_CLASS]
    .map((pattern) => `(?:${pattern.source})`)
    .join('|'),
  'i',
);

function classBits(className: string): number {
  if (!ANY_CLASS_WORD.test(className)) return 0;
  return (
    (namesOtherProducts(className) ? CLASS_OTHER : 0) |
    (HIDDEN_CLASS.test(className) ? CLASS_HIDDEN : 0) |
    (TILE_CLASS.test(className) ? CLASS_TILE : 0) |
    (PRICE_LABEL.test(className) ? CLASS_PRICE : 0) |
    (isAvailabilityLabel(className) ? CLASS_AVAILABILITY : 0) |
    (BUTTON_CLASS.test(className) ? CLASS_BUTTON : 0) |
    (DISABLED_CLASS.test(className) ? CLASS_DISABLED : 0)
  );
}

function bitsOf(className: string | undefined): number {
  if (className === undefined || className === '') return 0;
  let bits = classBitsMemo.get(className);
  if (bits === undefined) {
    bits = classBits(className);
    if (classBitsMemo.size >= MAX_REMEMBERED_CLASSES) classBitsMemo.clear();
    // A copy: the value is a slice of the page's text, and as a key it would keep the page alive.
    classBitsMemo.set((' ' + className).slice(1), bits);
  }
  return bits;
}

/** What an open element means for the text and elements inside it. */
interface Frame {
  hidden: boolean;
  other: boolean;
  struck: boolean;
  main: boolean;
  /** Inside a microdata item. */
  inScope: boolean;
  /** The nearest microdata item open at this element, if any. */
  item: MicrodataItem | null;
  /** Texts this element collects (its own title, label, price, property value, …). */
  collectors: Collector[] | null;
}

/** The text of one element, bounded, with struck-through parts left out when asked. */
interface Collector {
  parts: string[];
  length: number;
  skipStruck: boolean;
  /** Whether text inside script and style counts (a script's own text does). */
  raw: boolean;
  done(text: string): void;
}

/**
 * Reads a page in one streaming pass of htmlparser2 (no document tree is built): the open
 * elements are a stack of frames, and each question the readers ask is answered as the tags and
 * texts go by. A tree and a selector pass had cost several times the parse itself.
 */
export function walkHtml(html: string): WalkedPage {
  const page: WalkedPage = {
    title: '',
    firstHeading: '',
    metas: new Map(),
    jsonLdScripts: [],
    jsonScripts: [],
    productItems: [],
    offerItems: [],
    productTiles: 0,
    controls: [],
    priceCandidates: [],
    text: '',
    availability: [],
    availabilityFlags: [],
    stateScripts: [],
    amountTexts: [],
    lang: '',
    cutShort: null,
  };
  const mainText: string[] = [];
  const bodyText: string[] = [];
  let textChars = 0;
  let sawMain = false;
  let stateChars = 0;
  let rawDepth = 0;
  const root: Frame = {
    hidden: false,
    other: false,
    struck: false,
    main: false,
    inScope: false,
    item: null,
    collectors: null,
  };
  const stack: Frame[] = [root];
  /** class and data-testid of each open element. */
  const labels: string[] = [''];
  const active: Collector[] = [];
  let pending = '';
  /** What the attributes of the element being opened said. */
  const seen: SeenAttributes = {
    className: undefined,
    id: undefined,
    role: undefined,
    testId: undefined,
    count: 0,
    hidden: false,
    microdata: false,
    tile: false,
    price: false,
    other: false,
    flags: null,
    kept: clearAttributes({} as Attributes),
    keptAny: false,
    dataNames: null,
  };
  const current = () => stack[stack.length - 1]!;

  /** A run of text between two tags, whole (htmlparser2 may hand it over in pieces). */
  function flushText(): void {
    if (pending === '') return;
    const data = pending;
    pending = '';
    const frame = current();
    if (frame.hidden || rawDepth > 0 || textChars >= MAX_TEXT_CHARS) return;
    const texts = frame.main ? mainText : bodyText;
    textChars += data.length;
    if (isWhitespace(data)) {
      // The page's text is collapsed to one space per run of white space: one space stands for a
      // row of runs of nothing else (most runs of a page: the markup's line breaks and indents).
      if (texts.length === 0 || texts[texts.length - 1] !== ' ') texts.push(' ');
      return;
    }
    texts.push(data);
    if (
      data.length <= 24 &&
      !frame.struck &&
      page.amountTexts.length < 10 &&
      hasDigit(data) &&
      AMOUNT_TEXT.test(data)
    ) {
      page.amountTexts.push(data.trim());
    }
  }

  /** The frame of the element being opened, made its own if it shared its parent's. */
  function ownFrame(): Frame {
    const top = stack.length - 1;
    if (stack[top] === stack[top - 1]) stack[top] = { ...stack[top]!, collectors: null };
    return stack[top]!;
  }

  /** Collects the text of the element being opened; `done` gets it when the element closes. */
  function collect(skipStruck: boolean, raw: boolean, done: (text: string) => void): void {
    if (active.length >= MAX_ACTIVE_COLLECTORS) return done('');
    const collector: Collector = { parts: [], length: 0, skipStruck, raw, done };
    (ownFrame().collectors ??= []).push(collector);
    active.push(collector);
  }

  function stop(why: string): void {
    page.cutShort ??= why;
    reader.pause();
  }

  const reader = new HtmlElementReader({
    openTag() {
      flushText();
      clearSeen(seen);
    },
    // The attributes the walk asks of every element, read as they stream by: an object of every
    // element's attributes costs more than the tokenizing of them.
    attributeRole: attributeRoleOf,
    attribute(name, value, role) {
      seen.count += 1;
      if (seen.count > MAX_ATTRIBUTES) {
        stop(`an element with more than ${MAX_ATTRIBUTES.toLocaleString('en-US')} attributes`);
        return;
      }
      if (role === 0) return;
      readAttribute(name, value, role);
      if ((role & DATA_NAME) !== 0) (seen.dataNames ??= []).push(name);
    },
    tagRole,
    openTagEnd(tag, role) {
      const element = seen;
      const attributes = element.kept;
      const parent = current();
      const { className, testId, id } = element;
      labels.push(testId === undefined ? (className ?? '') : `${className ?? ''} ${testId}`);
      if (stack.length > MAX_DEPTH) {
        stack.push(parent);
        stop(`elements nested more than ${MAX_DEPTH.toLocaleString('en-US')} deep`);
        return;
      }
      const bits = bitsOf(className);
      const other =
        parent.other ||
        (bits & CLASS_OTHER) !== 0 ||
        element.other ||
        (id !== undefined && namesOtherProducts(id)) ||
        (testId !== undefined && namesOtherProducts(testId));
      const isMain = tag === 'main' || element.role === 'main' || id === 'main' || id === 'content';
      if (isMain && !parent.main) sawMain = true;
      const hidden =
        parent.hidden ||
        other ||
        (role & (TAG_SKIPPED_TEXT | TAG_CHROME)) !== 0 ||
        isChromeRole(element.role) ||
        (bits & CLASS_HIDDEN) !== 0 ||
        element.hidden;
      const struck = parent.struck || (role & TAG_STRUCK) !== 0;
      const main = parent.main || isMain;
      const inScope = parent.inScope || (element.microdata && attributes.itemscope !== undefined);
      // Most elements change nothing for what is inside them: they share their parent's frame.
      const changed =
        hidden !== parent.hidden ||
        other !== parent.other ||
        struck !== parent.struck ||
        main !== parent.main ||
        inScope !== parent.inScope;
      const frame: Frame = changed
        ? { hidden, other, struck, main, inScope, item: parent.item, collectors: null }
        : parent;
      stack.push(frame);
      if ((role & TAG_RAW_TEXT) !== 0) rawDepth += 1;

      if (tag === 'html' && page.lang === '') page.lang = (attributes.lang ?? '').trim().toLowerCase();
      if (tag === 'meta') readMeta(attributes, page.metas);
      if (tag === 'title' && page.title === '') collect(false, false, (text) => (page.title ||= text));
      if (tag === 'h1' && page.firstHeading === '') {
        collect(false, false, (text) => (page.firstHeading ||= text));
      }
      if (tag === 'script') openScript(attributes, id ?? '');
      if (element.microdata) readMicrodataElement(parent, attributes, other);
      if ((bits & CLASS_TILE) !== 0 || element.tile) page.productTiles += 1;
      if (!hidden) readVisibleElement(struck, tag, attributes, bits, element);
    },
    text(data) {
      pending += data;
      const frame = current();
      for (const collector of active) {
        if (collector.length >= MAX_ELEMENT_TEXT && !collector.raw) continue;
        if (!collector.raw && rawDepth > 0) continue;
        if (collector.skipStruck && frame.struck) continue;
        collector.parts.push(data);
        collector.length += data.length;
      }
    },
    closeTag(tag, role) {
      flushText();
      const frame = stack.pop()!;
      labels.pop();
      if ((role & TAG_RAW_TEXT) !== 0 && rawDepth > 0) rawDepth -= 1;
      if (frame === current() || !frame.collectors) return;
      for (const collector of frame.collectors) {
        active.splice(active.indexOf(collector), 1);
        const joined = collector.parts.join('');
        collector.done(collector.raw ? joined : collapseWhitespace(joined).trim());
      }
    },
  });

  function readAttribute(name: string, value: string, bits: number): void {
    switch (attributeCase(bits)) {
      case AttributeCase.Class:
        seen.className = value;
        break;
      case AttributeCase.Id:
        seen.id = value;
        break;
      case AttributeCase.Role:
        seen.role = value;
        break;
      case AttributeCase.TestId:
        seen.testId = value;
        break;
      case AttributeCase.Style:
        seen.hidden ||= HIDDEN_STYLE.test(value);
        break;
      case AttributeCase.Hidden:
        seen.hidden = true;
        break;
      case AttributeCase.Microdata:
        seen.microdata = true;
        break;
      case AttributeCase.ProductId:
        seen.tile = true;
        break;
      case AttributeCase.DataPrice:
        seen.price = true;
        break;
      case AttributeCase.NamesBlock:
        seen.other ||= namesOtherProducts(value);
        break;
      case AttributeCase.None:
        break;
    }
    if ((bits & FLAG) !== 0) (seen.flags ??= []).push(`${name}=${value.trim().toLowerCase()}`);
    if ((bits & KEPT) !== 0) {
      const kept = seen.kept;
      const key = name as keyof Attributes;
      if (kept[key] === undefined) {
        kept[key] = value;
        seen.keptAny = true;
      }
    }
  }

  function openScript(attributes: Attributes, id: string): void {
    const type = (attributes.type ?? '').toLowerCase();
    if (type === 'application/ld+json') {
      collect(false, true, (text) => page.jsonLdScripts.push(text));
    } else if (type === 'application/json' || id === '__NEXT_DATA__') {
      collect(false, true, (text) => page.jsonScripts.push({ id, text }));
    } else if (
      (type === '' || type.includes('javascript') || type === 'module') &&
      attributes.src === undefined
    ) {
      collect(false, true, (text) => {
        if (stateChars + text.length <= MAX_STATE_SCRIPT_CHARS && STATE_SCRIPT.test(text)) {
          page.stateScripts.push(text);
          stateChars += text.length;
        }
      });
    }
  }

  /** Items and their properties: the stack knows each property's nearest item. */
  function readMicrodataElement(parent: Frame, attributes: Attributes, other: boolean): void {
    const names = (attributes.itemprop ?? '').trim().split(/\s+/).filter(Boolean);
    const owner = parent.item;
    if (attributes.itemscope !== undefined) {
      const item: MicrodataItem = { type: attributes.itemtype ?? '', properties: [] };
      ownFrame().item = item;
      if (owner && names.length > 0) {
        for (const name of names) owner.properties.push({ name, value: item });
      } else if (!other && !parent.inScope && PRODUCT_TYPE.test(item.type)) {
        page.productItems.push(item);
      }
      if (!other && names.length === 0 && OFFER_TYPE.test(item.type)) page.offerItems.push(item);
      return;
    }
    if (!owner || names.length === 0) return;
    const literal = attributes.content ?? attributes.href ?? attributes.value ?? attributes.datetime;
    if (literal !== undefined) {
      for (const name of names) owner.properties.push({ name, value: literal });
      return;
    }
    const properties = owner.properties;
    collect(false, false, (text) => {
      for (const name of names) properties.push({ name, value: text });
    });
  }

  function readVisibleElement(
    struck: boolean,
    tag: string,
    attributes: Attributes,
    bits: number,
    element: SeenAttributes,
  ): void {
    if (isControl(tag, element.role, bits, attributes) && page.controls.length < MAX_ELEMENTS) {
      const control: Control = {
        label: '',
        disabled:
          attributes.disabled !== undefined ||
          attributes['aria-disabled'] === 'true' ||
          (bits & CLASS_DISABLED) !== 0,
        hint: [
          element.className ?? '',
          element.id ?? '',
          tag === 'a' ? (attributes.href ?? '') : '',
          ...(element.dataNames ?? []),
        ].join(' '),
      };
      page.controls.push(control);
      const extra = `${attributes.value ?? ''} ${attributes['aria-label'] ?? ''}`;
      collect(false, false, (text) => (control.label = collapseWhitespace(`${text} ${extra}`).trim()));
    }
    const isPrice =
      (bits & CLASS_PRICE) !== 0 ||
      element.price ||
      (element.testId !== undefined && PRICE_LABEL.test(element.testId));
    if (!struck && isPrice && page.priceCandidates.length < MAX_ELEMENTS) {
      const candidate: PriceCandidate = {
        text: '',
        dataPrice: attributes['data-price'],
        labels: `${labels[labels.length - 1]} ${labels[labels.length - 2] ?? ''} ${labels[labels.length - 3] ?? ''}`,
        ownClass: element.className ?? '',
      };
      page.priceCandidates.push(candidate);
      collect(true, false, (text) => (candidate.text = text));
    }
    for (const flag of element.flags ?? NO_FLAGS) {
      if (page.availabilityFlags.length < MAX_LIST) page.availabilityFlags.push(flag);
    }
    if (
      (bits & CLASS_AVAILABILITY) !== 0 ||
      isAvailabilityLabel(element.id) ||
      isAvailabilityLabel(element.testId)
    ) {
      collect(false, false, (text) => {
        if (text !== '' && text.length <= 200 && page.availability.length < MAX_LIST)
          page.availability.push(text);
      });
    }
  }

  reader.read(html);
  flushText();
  page.text = collapseWhitespace((sawMain ? mainText : bodyText.concat(mainText)).join(' '));
  return page;
}

/** Every run of white space as one space; a run that is one space already is left as it is. */
const WHITESPACE_TO_COLLAPSE = / \s+|[^\S ]\s*/g;

function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_TO_COLLAPSE, ' ');
}

const NOT_WHITESPACE = /\S/;
const DIGIT = /\d/;

/**
 * Whether a text is white space alone, as `\s` has it. V8's regex took less CPU than a loop over
 * the characters in the page read bench (BENCHMARKS.md).
 */
function isWhitespace(text: string): boolean {
  return !NOT_WHITESPACE.test(text);
}

function hasDigit(text: string): boolean {
  return DIGIT.test(text);
}

function readMeta(attributes: Attributes, metas: Map<string, string>): void {
  const key = (attributes.property ?? attributes.name ?? attributes.itemprop)?.toLowerCase();
  const content = attributes.content?.trim();
  if (key && content && !metas.has(key)) metas.set(key, content);
}

function isAvailabilityLabel(value: string | undefined): boolean {
  return value !== undefined && AVAILABILITY_LABEL.test(value) && !NOT_AVAILABILITY_LABEL.test(value);
}

function isControl(tag: string, role: string | undefined, bits: number, attributes: Attributes): boolean {
  if (tag === 'button' || role === 'button') return true;
  if (tag === 'input') return attributes.type === 'submit' || attributes.type === 'button';
  return tag === 'a' && ((bits & CLASS_BUTTON) !== 0 || NOTIFY_LINK.test(attributes.href ?? ''));
}
