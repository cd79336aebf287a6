import { sql, type Kysely, type RawBuilder } from 'kysely';

export interface PruneOptions {
  /** The table, schema-qualified where the service's search_path does not find it. */
  table: string;
  /** Which rows may go: a condition on the table's columns (the age and anything else). */
  where: RawBuilder<unknown>;
  /** Rows deleted per statement: short transactions that never hold many locks at once. */
  batchSize?: number;
  /** Statements at most in one call: a scheduled job that ends, whatever the backlog. */
  maxBatches?: number;
}

/**
 * Deletes the rows a retention rule lets go, in batches of short statements (each picks its rows
 * by ctid with SKIP LOCKED, so a prune never waits on, nor blocks, the writers of those rows).
 * Returns how many rows went; a backlog larger than one call's batches goes at the next run.
 */
export async function pruneRows<DB>(db: Kysely<DB>, options: PruneOptions): Promise<number> {
  const batchSize = options.batchSize ?? 5_000;
  const maxBatches = options.maxBatches ?? 100;
  const table = sql.table(options.table);
  let removed = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const result = await sql`
      delete from ${table} where ctid = any(array(
        select ctid from ${table} where ${options.where} limit ${batchSize} for update skip locked
      ))`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    removed += count;
    if (count < batchSize) break;
  }
  return removed;
}

/** The moment `days` days ago: rows older than it are past their retention. */
export function daysAgo(days: number, now = new Date()): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}
