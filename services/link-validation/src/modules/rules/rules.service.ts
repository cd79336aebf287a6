import {
  CleaningRuleText,
  type AuditActor,
  type CleaningRule,
  type CleaningRuleBody,
  type CleaningRulePreviewAnswer,
  type CleaningRuleStats,
} from '@celebstyle/contracts';
import { randomUUID } from 'node:crypto';
import { badRequest, conflict, notFound } from '@celebstyle/service-kit';
import { cleanUrl, normalizeRules, type UrlCleaningRule } from '@celebstyle/url-cleaning';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '@celebstyle/db';
import type { Database, UrlCleaningRuleRow } from '../../db/database.ts';
import { diff, publishAudit, recordAudit, type AuditDeps } from '../audit/link-validation-audit.ts';
import { parseRuleInput } from './rule-input.ts';
import * as repository from './rules.repository.ts';

export interface RulesDeps extends AuditDeps {
  db: Kysely<Database>;
}

const RULE_FIELDS = ['domain', 'preserveParams', 'active', 'notes'] as const;
const ruleEntry = (action: 'create' | 'update' | 'delete', rule: CleaningRule) => ({
  action: `url-cleaning-rule.${action}` as const,
  targetType: 'url-cleaning-rule' as const,
  targetId: rule._id,
  targetLabel: rule.domain,
  batchId: null,
});

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

export async function createRule(
  deps: RulesDeps,
  body: CleaningRuleBody,
  actor: AuditActor,
): Promise<CleaningRule> {
  const input = parseRuleInput(body);
  const { rule, auditIds } = await deps.db.transaction().execute(async (trx) => {
    const row = await repository.insertRule(trx, {
      domain: input.domain,
      preserve_params: input.preserveParams,
      active: input.active ?? true,
      notes: input.notes ?? null,
    });
    if (!row) throw domainTaken(input.domain);
    const rule = toCleaningRule(row);
    const changes = diff(null, rule, RULE_FIELDS);
    return { rule, auditIds: await recordAudit(trx, actor, { ...ruleEntry('create', rule), changes }) };
  });
  await publishAudit(deps, auditIds);
  return rule;
}

/** Domain and preserveParams are replaced; active and notes keep their values when not sent. */
export async function updateRule(
  deps: RulesDeps,
  id: string,
  body: CleaningRuleBody,
  actor: AuditActor,
): Promise<CleaningRule> {
  const input = parseRuleInput(body);
  const { rule, auditIds } = await deps.db.transaction().execute(async (trx) => {
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
      const rule = toCleaningRule(row);
      const changes = diff(toCleaningRule(current), rule, RULE_FIELDS);
      return { rule, auditIds: await recordAudit(trx, actor, { ...ruleEntry('update', rule), changes }) };
    } catch (error) {
      if (isUniqueViolation(error)) throw domainTaken(input.domain);
      throw error;
    }
  });
  await publishAudit(deps, auditIds);
  return rule;
}

export async function deleteRule(deps: RulesDeps, id: string, actor: AuditActor): Promise<void> {
  const auditIds = await deps.db.transaction().execute(async (trx) => {
    const current = await repository.findRule(trx, id);
    if (!current || !(await repository.deleteRule(trx, id))) throw ruleNotFound();
    const rule = toCleaningRule(current);
    return recordAudit(trx, actor, { ...ruleEntry('delete', rule), changes: diff(rule, null, RULE_FIELDS) });
  });
  await publishAudit(deps, auditIds);
}

/** Switches rules on or off; each rule whose state changed gets an entry, sharing one batch id. */
export async function bulkToggle(
  deps: RulesDeps,
  ids: readonly string[],
  active: boolean,
  actor: AuditActor,
): Promise<number> {
  const { updated, auditIds } = await deps.db.transaction().execute(async (trx) => {
    const before = await repository.findRules(trx, ids);
    const updated = await repository.setActive(trx, ids, active);
    const batchId = randomUUID();
    const auditIds: string[] = [];
    for (const row of before.filter((rule) => rule.active !== active)) {
      const rule = toCleaningRule(row);
      const changes = [{ field: 'active', before: rule.active, after: active }];
      auditIds.push(...(await recordAudit(trx, actor, { ...ruleEntry('update', rule), batchId, changes })));
    }
    return { updated, auditIds };
  });
  await publishAudit(deps, auditIds);
  return updated;
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
