import { compileParamPattern, type ParamPattern } from './param-pattern.ts';

/**
 * URL cleaning rules as the public read answers them (link-health-and-routes.md §3, §7):
 * a list or an object {rules}; each rule has domain and preserveParams, whose patterns may be
 * comma-joined strings ('tag,ref*') and may use the * wildcard.
 */
export type UrlCleaningRule = {
  domain: string;
  preserveParams: readonly string[] | string;
  /** Inactive rules are ignored; a rule without the flag counts as active. */
  active?: boolean;
};

export type NormalizedRule = { domain: string; patterns: ParamPattern[] };

function isRuleLike(value: unknown): value is UrlCleaningRule {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.domain === 'string' && (typeof v.preserveParams === 'string' || Array.isArray(v.preserveParams))
  );
}

/** Accepts the answer of GET /api/url-cleaning-rules in either shape; junk yields no rules. */
export function rulesFromAnswer(answer: unknown): UrlCleaningRule[] {
  const list = Array.isArray(answer)
    ? answer
    : typeof answer === 'object' && answer !== null && Array.isArray((answer as { rules?: unknown }).rules)
      ? (answer as { rules: unknown[] }).rules
      : [];
  return list.filter(isRuleLike);
}

/** Splits comma-joined entries, trims, drops blanks and duplicates. */
export function expandParamPatterns(preserveParams: readonly unknown[] | string): string[] {
  const entries = typeof preserveParams === 'string' ? [preserveParams] : preserveParams;
  const out = new Set<string>();
  for (const entry of entries) {
    if (typeof entry !== 'string') continue;
    for (const part of entry.split(',')) {
      const p = part.trim();
      if (p) out.add(p);
    }
  }
  return [...out];
}

/** 'https://www.Amazon.com/' → 'amazon.com'; the rule's domain covers its subdomains. */
export function normalizeDomain(domain: string): string {
  let d = domain.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  d = d.split(/[/?#]/)[0] ?? '';
  d = d.replace(/:\d+$/, '').replace(/\.$/, '');
  return d.replace(/^www\./, '');
}

export function normalizeRules(rules: readonly UrlCleaningRule[]): NormalizedRule[] {
  return rules
    .filter((r) => r.active !== false)
    .map((r) => ({
      domain: normalizeDomain(r.domain),
      patterns: expandParamPatterns(r.preserveParams).map(compileParamPattern),
    }))
    .filter((r) => r.domain !== '');
}

/** The most specific rule for a host: exact domain or a parent domain, longest match wins. */
export function findRule(hostname: string, rules: readonly NormalizedRule[]): NormalizedRule | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  let best: NormalizedRule | undefined;
  for (const rule of rules) {
    if (host === rule.domain || host.endsWith(`.${rule.domain}`)) {
      if (!best || rule.domain.length > best.domain.length) best = rule;
    }
  }
  return best;
}
