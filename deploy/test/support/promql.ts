// Just enough PromQL reading for the checks of deploy/observability (promtool is not at hand).

const AGGREGATIONS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'topk',
  'bottomk',
  'quantile',
  'stddev',
  'group',
]);

/** The expression with every quoted string blanked (same length): parentheses in regexes do not count. */
const unquoted = (expression: string) =>
  expression.replace(/"[^"]*"/g, (text) => `"${' '.repeat(text.length - 2)}"`);

/**
 * The aggregation operator (sum, max, ...) closest around the given position, looking outwards past
 * functions such as rate(); undefined when the series there is not aggregated at all.
 */
export function enclosingAggregation(expression: string, at: number): string | undefined {
  const text = unquoted(expression);
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      const before = text.slice(0, i).replace(/\s*\b(by|without)\s*\([^)]*\)\s*$/, '');
      const word = /([A-Za-z_]+)\s*$/.exec(before)?.[1];
      if (word && AGGREGATIONS.has(word)) return word;
    }
  }
  return undefined;
}

/** Every aggregation taken over a metric in an expression, one per place it is named. */
export function aggregationsOver(expression: string, metric: string): (string | undefined)[] {
  const text = unquoted(expression);
  const places = [...text.matchAll(new RegExp(`(?<![\\w:])${metric}(?![\\w:])`, 'g'))];
  return places.map((place) => enclosingAggregation(expression, place.index));
}

export interface Matcher {
  label: string;
  op: '=' | '!=' | '=~' | '!~';
  value: string;
}

/** The label matchers of the first selector of `metric` in an expression. */
export function matchersOf(expression: string, metric: string): Matcher[] {
  const selector = new RegExp(`(?<![\\w:])${metric}\\{((?:[^}"]|"[^"]*")*)\\}`).exec(expression);
  if (!selector) return [];
  return [...selector[1]!.matchAll(/([A-Za-z_]\w*)\s*(=~|!~|!=|=)\s*"([^"]*)"/g)].map((m) => ({
    label: m[1]!,
    op: m[2] as Matcher['op'],
    value: m[3]!,
  }));
}

/** Whether a series with these labels is selected (regexes anchored, as Prometheus does). */
export function selects(matchers: readonly Matcher[], labels: Record<string, string>): boolean {
  return matchers.every(({ label, op, value }) => {
    const actual = labels[label] ?? '';
    const anchored = new RegExp(`^(?:${value})$`);
    if (op === '=') return actual === value;
    if (op === '!=') return actual !== value;
    if (op === '=~') return anchored.test(actual);
    return !anchored.test(actual);
  });
}
