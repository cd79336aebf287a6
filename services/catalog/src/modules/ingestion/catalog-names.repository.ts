import { toSlug } from '@celebstyle/slugs';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { showKey } from '../shows/show-names.ts';

type Trx = Transaction<Database>;

/**
 * Adds a celebrities row for each name no row has yet (any case), so every imported celebrity has
 * a profile an admin can edit. Names whose slug another row already has are left out.
 */
export async function addMissingCelebrities(trx: Trx, names: string[]): Promise<number> {
  const rows = uniqueByKey(names, (n) => n.toLowerCase()).map((name) => ({ name, slug: toSlug(name) }));
  if (rows.length === 0) return 0;
  const result = await sql`
    insert into celebrities (name, slug, description_generated)
    select x.name, x.slug, false from json_to_recordset(${JSON.stringify(rows)}::json) as x(name text, slug text)
    where x.slug <> ''
      and not exists (select 1 from celebrities c where lower(c.name) = lower(x.name) or c.slug = x.slug)
    on conflict do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Adds a shows row for each show name no row has yet (any case, with or without 'The'), its search
 * term the name itself; answers the new shows' ids (their TVmaze data is looked up next).
 */
export async function addMissingShows(trx: Trx, names: string[]): Promise<string[]> {
  const rows = uniqueByKey(names, showKey).map((name) => ({ name, slug: toSlug(name), key: showKey(name) }));
  if (rows.length === 0) return [];
  const { rows: created } = await sql<{ id: string }>`
    insert into shows (name, slug, search_term)
    select x.name, x.slug, x.name from json_to_recordset(${JSON.stringify(rows)}::json) as x(name text, slug text, key text)
    where x.slug <> ''
      and not exists (select 1 from shows s
        where regexp_replace(lower(s.name), '^the\\s+', '') = x.key or s.slug = x.slug)
    on conflict do nothing
    returning id`.execute(trx);
  return created.map((row) => row.id);
}

function uniqueByKey(names: string[], key: (name: string) => string): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (!seen.has(key(name))) seen.set(key(name), name);
  return [...seen.values()];
}
