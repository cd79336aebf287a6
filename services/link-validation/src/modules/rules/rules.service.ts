import {
  CleaningRuleText,
  type CleaningRule,
  type CleaningRuleBody,
  type CleaningRulePreviewAnswer,
  type CleaningRuleStats,
} from '@celebstyle/contracts';
import { badRequest, conflict, notFound } from '@celebstyle/service-kit';
import { cleanUrl, normalizeRules, type UrlCleaningRule } from '@celebstyle/url-cleaning';
import type { Kysely } from 'kysely';
import type { Database, UrlCleaningRuleRow } from '../../db/database.ts';
import { parseRuleInput } from './rule-input.ts';
import * as repository from './rules.repository.ts';

export interface RulesDeps {
  db: Kysely<Database>;
}

/** §3 URL cleaning rule, as answered (an allow-list of columns). */
export function toCleaningRule(row: UrlCleaningRuleRow): CleaningRule {
  return {
    _id: row.id,
    domain: row.domain,
    preserveParams: row.preserve_params,
    active: row.active,
    notes: row.notes,
  };
}

const ruleNotFound = () => notFound(CleaningRuleText.notFound);
const domainTaken = (domain: string) => conflict(`A rule for ${domain} already exists`);
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** The storefront's read: active rules only (§7 public URL-rule read). */
export async function listActiveRules(deps: RulesDeps): Promise<CleaningRule[]> {
  return (await repository.listRules(deps.db, { activeOnly: true })).map(toCleaningRule);
}

/** §2.4 rules table: every rule, filtered by domain or notes. */
export async function listAllRules(deps: RulesDeps, search?: string): Promise<CleaningRule[]> {
  return (await repository.listRules(deps.db, { search })).map(toCleaningRule);
}

export async function getStats(deps: RulesDeps): Promise<CleaningRuleStats> {
  return repository.ruleStats(deps.db);
}

export async function createRule(deps: RulesDeps, body: CleaningRuleBody): Promise<CleaningRule> {
  const input = parseRuleInput(body);
  const row = await repository.insertRule(deps.db, {
    domain: input.domain,
    preserve_params: input.preserveParams,
    active: input.active ?? true,
    notes: input.notes ?? null,
  });
  if (!row) throw domainTaken(input.domain);
  return toCleaningRule(row);
}

/** Domain and preserveParams are replaced; active and notes keep their values when not sent. */
export async function updateRule(deps: RulesDeps, id: string, body: CleaningRuleBody): Promise<CleaningRule> {
  const input = parseRuleInput(body);
  return deps.db.transaction().execute(async (trx) => {
    const current = await repository.findRule(trx, id);
    if (!current) throw ruleNotFound();
    try {
      const row = await repository.updateRule(trx, id, {
        domain: input.domain,
        preserve_params: input.preserveParams,
        active: input.active ?? current.active,
        notes: input.notes === undefined ? current.notes : input.notes,
      });
      if (!row) throw ruleNotFound();
      return toCleaningRule(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw domainTaken(input.domain);
      throw error;
    }
  });
}

export async function deleteRule(deps: RulesDeps, id: string): Promise<void> {
  if (!(await repository.deleteRule(deps.db, id))) throw ruleNotFound();
}

export async function bulkToggle(deps: RulesDeps, ids: readonly string[], active: boolean): Promise<number> {
  return repository.setActive(deps.db, ids, active);
}

const asCleanerRule = (rule: CleaningRule): UrlCleaningRule => ({
  domain: rule.domain,
  preserveParams: rule.preserveParams,
});

/**
 * §2.4 'Test URL Cleaning' with the storefront's own cleaner. A rule chosen by id applies even
 * while inactive (testing a rule before switching it on); without one, the active rules apply.
 */
export async function previewCleaning(
  deps: RulesDeps,
  url: string,
  ruleId?: string,
): Promise<CleaningRulePreviewAnswer> {
  const original = url.trim();
  if (original === '') throw badRequest(CleaningRuleText.urlRequired);
  let rules: CleaningRule[];
  if (ruleId) {
    const row = await repository.findRule(deps.db, ruleId);
    if (!row) throw ruleNotFound();
    rules = [toCleaningRule(row)];
  } else {
    rules = await listActiveRules(deps);
  }
  return { original, cleaned: cleanUrl(original, normalizeRules(rules.map(asCleanerRule))) };
}
