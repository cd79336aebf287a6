import { CANONICAL_UUID_KEYWORD, FINITE_NUMBER_KEYWORD } from '@celebstyle/contracts';
import { COMPONENT_MARK } from './operation-docs.ts';

type Node = Record<string, unknown>;

/** Our own validation keywords: they mean nothing to an OpenAPI reader and are not OpenAPI. */
const VALIDATION_ONLY_KEYWORDS = [FINITE_NUMBER_KEYWORD, CANONICAL_UUID_KEYWORD];

const COMPONENTS = '#/components/schemas/';

function finishNode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(finishNode);
  if (!value || typeof value !== 'object') return value;
  const node: Node = {};
  for (const [key, child] of Object.entries(value as Node)) {
    // As keywords they hold `true`; a property of that name would hold a schema, and stays.
    if (VALIDATION_ONLY_KEYWORDS.includes(key) && child === true) continue;
    node[key] = finishNode(child);
  }
  // A reference to a schema added by id (Type.Ref('AuditEntry')) names its component.
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
    node.$ref = `${COMPONENTS}${node.$ref.replace(/#$/, '')}`;
  }
  // A shared schema wrapped to be hoisted (operation-docs.ts) is read as a reference to its component.
  const component = node[COMPONENT_MARK];
  if (typeof component === 'string') {
    const { allOf: _wrapped, [COMPONENT_MARK]: _mark, description: _copied, ...rest } = node;
    return { ...rest, $ref: `${COMPONENTS}${component}` };
  }
  return node;
}

/**
 * The last step of a service's document: validation-only keywords left out, and references to
 * shared schemas made plain.
 */
export function finishDocument<T>(document: T): T {
  return finishNode(document) as T;
}
