import type {
  CleaningRule,
  CleaningRuleAnswer,
  CleaningRuleBody,
  CleaningRuleDeleteAnswer,
  CleaningRuleListAnswer,
  CleaningRulePreviewAnswer,
} from '@celebstyle/contracts';
import { adminRequest, ApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/error-text.ts';

export type { CleaningRule, CleaningRulePreviewAnswer };

/** What the add/edit dialog sends (link-health-and-routes.md §7: domain, preserveParams, active, notes). */
export type RuleInput = Required<Pick<CleaningRuleBody, 'domain' | 'preserveParams' | 'active'>> & {
  notes: string | null;
};

const BASE = '/admin/url-cleaning-rules';
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const ruleUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const rulesApi = {
  list: async () => (await adminRequest<CleaningRuleListAnswer>(BASE)).rules,
  create: async (input: RuleInput) =>
    (await adminRequest<CleaningRuleAnswer>(BASE, json('POST', input))).rule,
  update: async (id: string, input: RuleInput) =>
    (await adminRequest<CleaningRuleAnswer>(ruleUrl(id), json('PUT', input))).rule,
  remove: (id: string) => adminRequest<CleaningRuleDeleteAnswer>(ruleUrl(id), { method: 'DELETE' }),
  preview: (url: string, ruleId?: string) =>
    adminRequest<CleaningRulePreviewAnswer>(`${BASE}/preview`, json('POST', { url, ruleId })),
};

/** The fields a PUT needs to keep a rule as it is (the server replaces domain and preserveParams). */
export const inputOf = (rule: CleaningRule): RuleInput => ({
  domain: rule.domain,
  preserveParams: rule.preserveParams,
  active: rule.active,
  notes: rule.notes,
});

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * §8 Rules page banners: the spec's text, followed by the server's message for a refusal it
 * explained (e.g. 'Failed to save rule: A rule for asos.com already exists'); the spec's text alone otherwise.
 */
export function bannerText(base: string, error: unknown): string {
  const message = serverMessage(error);
  return message ? `${base}: ${message}` : base;
}

/** §2.4 search: by domain or notes, case-insensitive, over the loaded rules. */
export function filterRules(rules: CleaningRule[], search: string): CleaningRule[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return rules;
  return rules.filter(
    (rule) => rule.domain.toLowerCase().includes(needle) || (rule.notes ?? '').toLowerCase().includes(needle),
  );
}

/** §5: entries are trimmed; blanks and case-insensitive duplicates are ignored. */
export function addParam(params: string[], entry: string): string[] {
  const value = entry.trim();
  if (!value || params.some((p) => p.toLowerCase() === value.toLowerCase())) return params;
  return [...params, value];
}

export const byDomain = (a: CleaningRule, b: CleaningRule) => a.domain.localeCompare(b.domain);
