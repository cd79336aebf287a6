import type { AnyNode, Element } from 'domhandler';
import { isChrome, isOtherProductsBlock } from './recommendation-blocks.ts';

export interface Control {
  label: string;
  disabled: boolean;
  /** class, id and data-* attribute names: what the markup calls the control (e.g. back-in-stock). */
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

/** Everything the page readers need, gathered in one walk of the parsed document. */
export interface WalkedPage {
  title: string;
  firstHeading: string;
  /** meta property= or name= (lower-cased) → content, first occurrence. */
  metas: Map<string, string>;
  jsonLdScripts: string[];
  /** application/json scripts (platform data), with their id. */
  jsonScripts: { id: string; text: string }[];
  /** Top-level microdata Product items outside recommendation blocks. */
  productScopes: Element[];
  /** Microdata Offer items that are no item's property, outside recommendation blocks. */
  offerScopes: Element[];
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
}

// Not 'head': htmlparser2 keeps a head that was never closed open around the whole body, where a
// browser would have started the body; text of a real head is all in title, script and style.
const SKIPPED_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'title']);
const STRUCK = new Set(['del', 's', 'strike']);
const PRODUCT_TYPE = /schema\.org\/Product(Group)?\b/i;
const OFFER_TYPE = /schema\.org\/(Aggregate)?Offer\b/i;
const TILE_CLASS = /product-card|product-tile|productcard|producttile|product-grid-item|product-item/i;
const PRICE_LABEL = /price/i;
const MAX_TEXT_CHARS = 200_000;
const AVAILABILITY_LABEL = /availab|stock|inventory|verfügbar|disponib|lieferbar/i;
const NOT_AVAILABILITY_LABEL = /stockist|stocking|livestock/i;
const AVAILABILITY_FLAGS = new Set([
  'data-available',
  'data-availability',
  'data-in-stock',
  'data-instock',
  'data-is-in-stock',
  'data-stock',
  'data-stock-status',
  'data-sold-out',
  'data-soldout',
]);
const HIDDEN_CLASS = /(^|\s)(hidden|aok-hidden|d-none|is-hidden|hide|u-hidden|display-none)(\s|$)/i;
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;
const STATE_SCRIPT =
  /__[A-Z][A-Z0-9_]*__\s*=|\b(var|let|const)\s+meta\s*=\s*\{|ShopifyAnalytics\.meta\s*=|JSON\.parse\(\s*['"`]/;
const MAX_STATE_SCRIPT_CHARS = 3_000_000;
const AMOUNT_TEXT =
  /^\s*(?:(?:[A-Z]{3}|[A-Z]{0,2}\$|[£€¥￥₹฿₩])\s?\d[\d.,\s]*|\d[\d.,\s]*\s?(?:[A-Z]{3}|€|£|円|kr|zł|Kč|\$))\s*$/;

interface Context {
  hidden: boolean;
  other: boolean;
  struck: boolean;
  main: boolean;
  inScope: boolean;
  /** class and data-testid of the last three elements, innermost first. */
  labels: string[];
}

/**
 * One depth-first walk (iterative: deep documents do not overflow the stack) over a page parsed by
 * htmlparser2. A selector engine pass per question cost seconds on a 2.5 MB page; this costs one.
 */
export function walkPage(root: AnyNode): WalkedPage {
  const page: WalkedPage = {
    title: '',
    firstHeading: '',
    metas: new Map(),
    jsonLdScripts: [],
    jsonScripts: [],
    productScopes: [],
    offerScopes: [],
    productTiles: 0,
    controls: [],
    priceCandidates: [],
    text: '',
    availability: [],
    availabilityFlags: [],
    stateScripts: [],
    amountTexts: [],
    lang: '',
  };
  const mainText: string[] = [];
  const bodyText: string[] = [];
  let textChars = 0;
  let sawMain = false;
  const stack: [AnyNode, Context][] = [
    [root, { hidden: false, other: false, struck: false, main: false, inScope: false, labels: [] }],
  ];

  while (stack.length > 0) {
    const [node, context] = stack.pop()!;
    if (node.type === 'text') {
      if (!context.hidden && textChars < MAX_TEXT_CHARS) {
        const data = (node as unknown as { data: string }).data;
        (context.main ? mainText : bodyText).push(data);
        textChars += data.length;
        if (!context.struck && data.length <= 24 && page.amountTexts.length < 10 && AMOUNT_TEXT.test(data)) {
          page.amountTexts.push(data.trim());
        }
      }
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style' && node.type !== 'root')
      continue;
    const children = (node as { children?: AnyNode[] }).children ?? [];
    let next = context;
    if (node.type !== 'root') {
      const element = node as Element;
      const tag = element.name;
      const attributes = element.attribs;
      if (tag === 'title' && page.title === '') page.title = textOf(element);
      if (tag === 'html' && page.lang === '') page.lang = (attributes.lang ?? '').trim().toLowerCase();
      if (tag === 'meta') readMeta(attributes, page.metas);
      if (tag === 'script') readScript(element, page);
      if (tag === 'h1' && page.firstHeading === '') page.firstHeading = textOf(element);
      const other = context.other || isOtherProductsBlock(attributes);
      const isMain =
        tag === 'main' ||
        attributes.role === 'main' ||
        attributes.id === 'main' ||
        attributes.id === 'content';
      if (isMain && !context.main) sawMain = true;
      next = {
        hidden:
          context.hidden ||
          SKIPPED_TEXT.has(tag) ||
          isChrome(tag, attributes) ||
          other ||
          isHidden(attributes),
        other,
        struck: context.struck || STRUCK.has(tag),
        main: context.main || isMain,
        inScope: context.inScope || 'itemscope' in attributes,
        labels: [
          `${attributes.class ?? ''} ${attributes['data-testid'] ?? ''}`,
          ...context.labels.slice(0, 2),
        ],
      };
      if (
        'itemscope' in attributes &&
        !context.inScope &&
        !other &&
        PRODUCT_TYPE.test(attributes.itemtype ?? '')
      ) {
        page.productScopes.push(element);
      }
      if (
        'itemscope' in attributes &&
        !('itemprop' in attributes) &&
        !other &&
        OFFER_TYPE.test(attributes.itemtype ?? '')
      ) {
        page.offerScopes.push(element);
      }
      if (TILE_CLASS.test(attributes.class ?? '') || 'data-product-id' in attributes) page.productTiles += 1;
      if (!next.hidden) {
        if (isControl(tag, attributes)) page.controls.push(controlOf(element));
        readAvailability(element, page);
        if (!next.struck && isPriceElement(attributes)) {
          page.priceCandidates.push({
            text: textOf(element, true),
            dataPrice: attributes['data-price'],
            labels: next.labels.join(' '),
            ownClass: attributes.class ?? '',
          });
        }
      }
    }
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push([children[index]!, next]);
  }
  page.text = (sawMain ? mainText : [...bodyText, ...mainText]).join(' ').replace(/\s+/g, ' ');
  return page;
}

function readMeta(attributes: Record<string, string>, metas: Map<string, string>): void {
  const key = (attributes.property ?? attributes.name ?? attributes.itemprop)?.toLowerCase();
  const content = attributes.content?.trim();
  if (key && content && !metas.has(key)) metas.set(key, content);
}

function readScript(element: Element, page: WalkedPage): void {
  const type = (element.attribs.type ?? '').toLowerCase();
  if (type === 'application/ld+json') page.jsonLdScripts.push(rawText(element));
  else if (type === 'application/json' || element.attribs.id === '__NEXT_DATA__') {
    page.jsonScripts.push({ id: element.attribs.id ?? '', text: rawText(element) });
  } else if (type === '' || type.includes('javascript') || type === 'module') {
    const text = rawText(element);
    const held = page.stateScripts.reduce((sum, script) => sum + script.length, 0);
    if (held + text.length <= MAX_STATE_SCRIPT_CHARS && STATE_SCRIPT.test(text)) page.stateScripts.push(text);
  }
}

function isHidden(attributes: Record<string, string>): boolean {
  return (
    'hidden' in attributes ||
    HIDDEN_CLASS.test(attributes.class ?? '') ||
    HIDDEN_STYLE.test(attributes.style ?? '')
  );
}

/** An element the markup calls availability or stock: its words and data flags. */
function readAvailability(element: Element, page: WalkedPage): void {
  const attributes = element.attribs;
  for (const name of Object.keys(attributes)) {
    if (AVAILABILITY_FLAGS.has(name) && page.availabilityFlags.length < 20) {
      page.availabilityFlags.push(`${name}=${attributes[name]!.trim().toLowerCase()}`);
    }
  }
  const label = `${attributes.id ?? ''} ${attributes.class ?? ''} ${attributes['data-testid'] ?? ''}`;
  if (!AVAILABILITY_LABEL.test(label) || NOT_AVAILABILITY_LABEL.test(label)) return;
  const text = textOf(element);
  if (text !== '' && text.length <= 200 && page.availability.length < 20) page.availability.push(text);
}

function isControl(tag: string, attributes: Record<string, string>): boolean {
  if (tag === 'button' || attributes.role === 'button') return true;
  if (tag === 'input') return attributes.type === 'submit' || attributes.type === 'button';
  return (
    tag === 'a' && (/button|btn/i.test(attributes.class ?? '') || NOTIFY_LINK.test(attributes.href ?? ''))
  );
}

/** A link to a shop's back-in-stock sign-up is a control like a notify-me button. */
const NOTIFY_LINK = /notify|back-?in-?stock|stock-?alert|restock/i;

function controlOf(element: Element): Control {
  const attributes = element.attribs;
  const label = `${textOf(element)} ${attributes.value ?? ''} ${attributes['aria-label'] ?? ''}`
    .replace(/\s+/g, ' ')
    .trim();
  const disabled =
    'disabled' in attributes ||
    attributes['aria-disabled'] === 'true' ||
    /\bdisabled\b/i.test(attributes.class ?? '');
  const hint = [
    attributes.class ?? '',
    attributes.id ?? '',
    element.name === 'a' ? (attributes.href ?? '') : '',
    ...Object.keys(attributes).filter((name) => name.startsWith('data-')),
  ].join(' ');
  return { label, disabled, hint };
}

function isPriceElement(attributes: Record<string, string>): boolean {
  return (
    PRICE_LABEL.test(attributes.class ?? '') ||
    'data-price' in attributes ||
    PRICE_LABEL.test(attributes['data-testid'] ?? '')
  );
}

function rawText(element: Element): string {
  return element.children
    .map((child) => (child.type === 'text' ? (child as unknown as { data: string }).data : ''))
    .join('');
}

/** Text content of an element (bounded), optionally leaving out struck-through parts. */
function textOf(element: Element, skipStruck = false): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [element];
  let length = 0;
  while (stack.length > 0 && length < 2_000) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      const data = (node as unknown as { data: string }).data;
      parts.push(data);
      length += data.length;
      continue;
    }
    const tag = (node as Element).name;
    if (node !== element && (tag === 'script' || tag === 'style' || (skipStruck && STRUCK.has(tag))))
      continue;
    const children = (node as Element).children ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}
