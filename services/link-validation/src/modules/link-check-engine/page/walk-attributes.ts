import { VALUE_WANTED } from './html-elements.ts';

/**
 * The attributes the page walk (page-walk.ts) reads, and what it does with each, by name: one lookup
 * per attribute of the page instead of a test per rule.
 */

/** data-* flags that say whether the item is available. */
export const AVAILABILITY_FLAGS = new Set([
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

/** Attributes the readers look up by name, kept (first occurrence) for the element being opened. */
export interface Attributes {
  lang: string | undefined;
  property: string | undefined;
  name: string | undefined;
  itemprop: string | undefined;
  itemscope: string | undefined;
  itemtype: string | undefined;
  content: string | undefined;
  type: string | undefined;
  src: string | undefined;
  href: string | undefined;
  value: string | undefined;
  datetime: string | undefined;
  disabled: string | undefined;
  'aria-disabled': string | undefined;
  'aria-label': string | undefined;
  'data-price': string | undefined;
}

/** One shape for every element's kept attributes (an object per element cost more than its tags). */
export function clearAttributes(attributes: Attributes): Attributes {
  attributes.lang = undefined;
  attributes.property = undefined;
  attributes.name = undefined;
  attributes.itemprop = undefined;
  attributes.itemscope = undefined;
  attributes.itemtype = undefined;
  attributes.content = undefined;
  attributes.type = undefined;
  attributes.src = undefined;
  attributes.href = undefined;
  attributes.value = undefined;
  attributes.datetime = undefined;
  attributes.disabled = undefined;
  attributes['aria-disabled'] = undefined;
  attributes['aria-label'] = undefined;
  attributes['data-price'] = undefined;
  return attributes;
}

const KEPT_ATTRIBUTES = Object.keys(clearAttributes({} as Attributes)) as (keyof Attributes)[];

/**
 * What the walk does with an attribute, by name, looked up once per name and page (the reader's
 * attribute role, html-elements.ts): a case of `attribute()` (bits 4 and up), and whether its value
 * is read (VALUED: of the others, such as src, alt or srcset, only names count), kept for the
 * readers (KEPT), an availability flag (FLAG) or a data-* attribute (DATA_NAME, added by
 * `attributeRoleOf`).
 */
export const VALUED = VALUE_WANTED;
export const KEPT = 2;
export const FLAG = 4;
export const DATA_NAME = 8;
const CASE_SHIFT = 4;
/** The cases of `attribute()` in page-walk.ts. */
export const AttributeCase = {
  None: 0,
  Class: 1,
  Id: 2,
  Role: 3,
  TestId: 4,
  Style: 5,
  Hidden: 6,
  Microdata: 7,
  ProductId: 8,
  DataPrice: 9,
  NamesBlock: 10,
} as const;

/** The role of an attribute name: what the walk does with attributes of that name. */
export function attributeRoleOf(name: string): number {
  return (ATTRIBUTE_ROLES.get(name) ?? 0) | (name.startsWith('data-') ? DATA_NAME : 0);
}

/** The case of `attribute()` a role names. */
export function attributeCase(role: number): number {
  return role >> CASE_SHIFT;
}

const ATTRIBUTE_ROLES = new Map<string, number>();
function addRole(name: string, bits: number, kind: number = AttributeCase.None): void {
  const role = ATTRIBUTE_ROLES.get(name) ?? 0;
  ATTRIBUTE_ROLES.set(name, role | bits | (kind << CASE_SHIFT));
}
for (const name of KEPT_ATTRIBUTES) addRole(name, VALUED | KEPT);
for (const name of AVAILABILITY_FLAGS) addRole(name, VALUED | FLAG);
addRole('class', VALUED, AttributeCase.Class);
addRole('id', VALUED, AttributeCase.Id);
addRole('role', VALUED, AttributeCase.Role);
addRole('data-testid', VALUED, AttributeCase.TestId);
addRole('style', VALUED, AttributeCase.Style);
addRole('hidden', 0, AttributeCase.Hidden);
// Shown or not as a script decides (AngularJS, Vue, Alpine templates in the page as served): what
// such an element says is not known to be on screen, so it counts as hidden.
for (const name of ['ng-show', 'ng-hide', 'ng-if', 'v-if', 'v-else-if', 'v-else', 'v-show', 'x-show', 'x-if'])
  for (const prefix of ['', 'data-']) addRole(prefix + name, 0, AttributeCase.Hidden);
addRole('itemscope', 0, AttributeCase.Microdata);
addRole('itemprop', 0, AttributeCase.Microdata);
addRole('data-product-id', 0, AttributeCase.ProductId);
addRole('data-price', 0, AttributeCase.DataPrice);
addRole('aria-label', 0, AttributeCase.NamesBlock);
addRole('data-component', VALUED, AttributeCase.NamesBlock);
addRole('data-section-type', VALUED, AttributeCase.NamesBlock);
