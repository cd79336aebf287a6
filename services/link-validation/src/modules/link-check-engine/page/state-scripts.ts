/**
 * Page state that shops assign in inline scripts instead of a JSON script element: Apollo and Redux
 * stores (`window.__APOLLO_STATE__ = {...}`, `window.__INITIAL_STATE__ = JSON.parse("...")`),
 * Shopify's `var meta = {...}`. Returns each assigned value that parses as JSON; nothing is run.
 */
const ASSIGNMENT =
  /(?:window\.|self\.|globalThis\.)?(__[A-Z][A-Z0-9_]*__|meta|ShopifyAnalytics\.meta)\s*=\s*(JSON\.parse\(\s*)?/g;
const MAX_VALUES = 8;

export interface StateValue {
  /** The assigned name: __APOLLO_STATE__, meta, … */
  name: string;
  value: unknown;
}

export function readStateScripts(scripts: readonly string[]): StateValue[] {
  const values: StateValue[] = [];
  for (const script of scripts) {
    ASSIGNMENT.lastIndex = 0;
    for (let match = ASSIGNMENT.exec(script); match !== null; match = ASSIGNMENT.exec(script)) {
      const start = match.index + match[0].length;
      const value = match[2] ? parsedString(script, start) : literalAt(script, start);
      if (value !== undefined) values.push({ name: match[1]!, value });
      if (values.length >= MAX_VALUES) return values;
    }
  }
  return values;
}

/** The JSON object or array that starts at `start`, if it is one. */
function literalAt(text: string, start: number): unknown {
  const open = text[start];
  if (open !== '{' && open !== '[') return undefined;
  const end = balancedEnd(text, start);
  if (end < 0) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/** `JSON.parse("…")`: the string literal at `start`, unescaped, then parsed. */
function parsedString(text: string, start: number): unknown {
  const quote = text[start];
  if (quote !== '"' && quote !== "'") return undefined;
  let index = start + 1;
  while (index < text.length && text[index] !== quote) index += text[index] === '\\' ? 2 : 1;
  if (index >= text.length) return undefined;
  const body = text.slice(start + 1, index);
  try {
    const json =
      quote === '"'
        ? (JSON.parse(`"${body}"`) as string)
        : (JSON.parse(`"${body.replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string);
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** Index of the bracket that closes the one at `start`, skipping strings; -1 when unbalanced. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92 /* \ */) index += 1;
      else if (char === 34 /* " */) inString = false;
      continue;
    }
    if (char === 34) inString = true;
    else if (char === 123 /* { */ || char === 91 /* [ */) depth += 1;
    else if (char === 125 /* } */ || char === 93 /* ] */) {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}
