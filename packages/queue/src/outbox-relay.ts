import { sql, type Kysely } from 'kysely';

/** A transactional outbox table: rows written in the change's own transaction, relayed after. */
export interface OutboxTable {
  /** The table, schema-qualified where the pool's search_path does not reach it. */
  table: string;
  /** Null until the row went out; the relay sets it to now(). */
  publishedColumn?: string;
  /** The outbox's order, oldest first (default: created_at, id). */
  orderBy?: readonly string[];
}

/** An outbox row as the relay hands it to its publisher. */
export interface OutboxRow {
  id: string;
  payload: unknown;
}

/**
 * Puts a batch of rows on their queue(s). It must be idempotent per row (a job id made from the row
 * id): a batch whose relay dies before the rows are marked is published again.
 */
export type OutboxPublisher = (rows: readonly OutboxRow[]) => Promise<void>;

export interface RelayOptions {
  /** Only these rows (the request path, right after its commit); every unpublished row otherwise. */
  ids?: readonly string[];
  batchSize?: number;
  /** Stops after this many rows; the next run takes the rest. */
  maxRows?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's Database
type AnyDb = Kysely<any>;

/**
 * Relays unpublished outbox rows, oldest first, a batch per short transaction: the batch is claimed
 * with FOR UPDATE SKIP LOCKED, published, and marked in the same transaction. Safe under several
 * replicas (docs/design.md, Outbox relay): two relays never hold the same row, so a row is
 * published once while nothing fails; a relay that dies mid-batch (or whose publish fails) rolls
 * back and leaves its rows unlocked and unmarked for the next run, which publishes them again under
 * the same job ids (at least once, never lost). Returns how many rows it published.
 */
export async function relayOutbox(
  db: AnyDb,
  outbox: OutboxTable,
  publish: OutboxPublisher,
  options: RelayOptions = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const maxRows = options.maxRows ?? 50_000;
  const table = sql.table(outbox.table);
  const published = sql.ref(outbox.publishedColumn ?? 'published_at');
  const order = sql.join((outbox.orderBy ?? ['created_at', 'id']).map((column) => sql.ref(column)));
  const only = options.ids ? sql`and id = any(${sql.val(options.ids)})` : sql``;
  if (options.ids?.length === 0) return 0;
  let relayed = 0;
  while (relayed < maxRows) {
    const limit = Math.min(batchSize, maxRows - relayed);
    const count = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<OutboxRow>`select id, payload from ${table}
        where ${published} is null ${only}
        order by ${order} limit ${limit}
        for update skip locked`.execute(trx);
      if (rows.length === 0) return 0;
      await publish(rows);
      await sql`update ${table} set ${published} = now()
        where id = any(${sql.val(rows.map((row) => row.id))})`.execute(trx);
      return rows.length;
    });
    if (count === 0) break;
    relayed += count;
  }
  return relayed;
}
