import { CleaningRuleText, UrlCleaningRuleLimits, type CleaningRuleBody } from '@celebstyle/contracts';
import { badRequest } from '@celebstyle/service-kit';
import { normalizeDomain, PARAM_PATTERN_LIMITS } from '@celebstyle/url-cleaning';

/** A rule's content after the checks below, ready to store. */
export interface RuleInput {
  domain: string;
  preserveParams: string[];
  /** undefined: not sent (create: true; update: keep the stored value). */
  active: boolean | undefined;
  /** undefined: not sent; null: cleared (a blank text counts as cleared). */
  notes: string | null | undefined;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** At least two labels of letters, digits and inner hyphens; a top level that is not all digits (no IPs). */
function isHostName(host: string): boolean {
  const labels = host.split('.');
  return (
    host.length <= UrlCleaningRuleLimits.domainMax &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    !/^\d+$/.test(labels[labels.length - 1]!)
  );
}

/**
 * §5 'Rule domain is required'. Stored as normalizeDomain() gives it (what the storefront's cleaner
 * compares against), in its ASCII form: the browser's URL parser answers punycode host names.
 */
export function parseDomain(raw: string): string {
  if (raw.trim() === '') throw badRequest(CleaningRuleText.domainRequired);
  const normalized = normalizeDomain(raw);
  let ascii = '';
  try {
    if (normalized !== '' && !/[@\s\\]/.test(normalized)) ascii = new URL(`http://${normalized}`).hostname;
  } catch {
    ascii = '';
  }
  if (!isHostName(ascii)) {
    throw badRequest(`"${raw.trim()}" is not a valid domain (for example shop.example.com)`);
  }
  return ascii;
}

/**
 * Bounds on what the storefront's cleaner matches in every shopper's browser: its matcher is
 * linear whatever the pattern, and these keep each pattern small (url-cleaning, param-pattern.ts).
 */
function assertPatternWithinLimits(name: string): void {
  const { maxLength, maxWildcards } = PARAM_PATTERN_LIMITS;
  if (name.length > maxLength)
    throw badRequest(`Preserve parameter "${name.slice(0, 20)}…" is longer than ${maxLength} characters`);
  const wildcards = name.split('*').length - 1;
  if (wildcards > maxWildcards) {
    throw badRequest(
      `Preserve parameter "${name}" has ${wildcards} wildcards (*); at most ${maxWildcards} are allowed`,
    );
  }
}

/**
 * §5 'Preserve-parameter entries are trimmed; blanks and duplicates are rejected'. Names compare
 * case-insensitively, as the cleaner matches them. `*` is a wildcard (utm_*, or * to keep all).
 * A comma is refused: the storefront's cleaner reads 'a,b' as two entries, so the list would not
 * say what the rule does.
 */
export function parsePreserveParams(raw: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [index, entry] of (raw ?? []).entries()) {
    const name = entry.trim();
    if (name === '') throw badRequest(`Preserve parameter ${index + 1} is blank`);
    if (name.includes(','))
      throw badRequest(`Preserve parameter "${name}" contains a comma; add each parameter separately`);
    assertPatternWithinLimits(name);
    const key = name.toLowerCase();
    if (seen.has(key)) throw badRequest(`Preserve parameter "${name}" is listed more than once`);
    seen.add(key);
    out.push(name);
  }
  return out;
}

export function parseNotes(raw: string | null | undefined): string | null | undefined {
  if (raw === undefined) return undefined;
  const notes = raw?.trim() ?? '';
  return notes === '' ? null : notes;
}

export function parseRuleInput(body: CleaningRuleBody): RuleInput {
  return {
    domain: parseDomain(body.domain),
    preserveParams: parsePreserveParams(body.preserveParams),
    active: body.active,
    notes: parseNotes(body.notes),
  };
}
