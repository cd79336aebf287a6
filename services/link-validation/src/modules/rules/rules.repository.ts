import type { CleaningRuleStats } from '@celebstyle/contracts';
import { sql, type Kysely } from 'kysely';
import { containsPattern } from '@celebstyle/db';
import type { Database, UrlCleaningRuleRow } from '../../db/database.ts';

const RULES = 'link_validation.url_cleaning_rules' as const;

export interface RuleValues {
  domain: string;
  preserve_params: string[];
  active: boolean;
  notes: string | null;
}

/** LIKE patterns treat the admin's text literally. */

export async function listRules(
  db: Kysely<Database>,
  filter: { activeOnly?: boolean; search?: string },
): Promise<UrlCleaningRuleRow[]> {
  let query = db.selectFrom(RULES).selectAll();
  if (filter.activeOnly) query = query.where('active', '=', true);
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('domain', 'ilike', pattern), eb('notes', 'ilike', pattern)]));
  }
  // A rules table stays small (one row per retailer domain): the whole list, no paging.
  return query.orderBy('domain').execute();
}

export async function findRule(db: Kysely<Database>, id: string): Promise<UrlCleaningRuleRow | undefined> {
  return db.selectFrom(RULES).selectAll().where('id', '=', id).executeTakeFirst();
}

/** The rules among ids, locked for the rest of the transaction. */
export async function findRules(db: Kysely<Database>, ids: readonly string[]): Promise<UrlCleaningRuleRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom(RULES)
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .forUpdate()
    .execute();
}

/** Inserts unless the domain has a rule already (then undefined). */
export async function insertRule(
  db: Kysely<Database>,
  values: RuleValues,
): Promise<UrlCleaningRuleRow | undefined> {
  return db
    .insertInto(RULES)
    .values(values)
    .onConflict((oc) => oc.column('domain').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Throws the pg unique violation (23505) when the new domain belongs to another rule. */
export async function updateRule(
  db: Kysely<Database>,
  id: string,
  values: RuleValues,
): Promise<UrlCleaningRuleRow | undefined> {
  return db
    .updateTable(RULES)
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteRule(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom(RULES).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Rules among ids now in the given state; unknown ids are skipped. */
export async function setActive(
  db: Kysely<Database>,
  ids: readonly string[],
  active: boolean,
): Promise<number> {
  const result = await db
    .updateTable(RULES)
    .set({ active, updated_at: sql<Date>`now()` })
    .where('id', 'in', [...new Set(ids)])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function ruleStats(db: Kysely<Database>): Promise<CleaningRuleStats> {
  const row = await db
    .selectFrom(RULES)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('active', '=', true).as('active'),
    ])
    .executeTakeFirstOrThrow();
  return { total: row.total, active: row.active, inactive: row.total - row.active };
}
