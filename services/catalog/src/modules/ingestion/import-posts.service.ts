import {
  checkImportEntries,
  type AuditActor,
  type ImportEntry,
  type ImportPost,
  type SkippedImportRow,
} from '@celebstyle/contracts';
import { sql } from 'kysely';
import type { Log } from '@celebstyle/service-kit';
import { enqueueShowEnrichment } from '../../lib/show-enrichment-queue.ts';
import type { StoreContext } from '../../lib/store-context.ts';
import { afterPostWrite } from '../admin-posts/post-write-effects.ts';
import { recordCatalogAudit } from '../audit/catalog-audit.ts';
import { recordPostEvents } from '../post-events/post-events.outbox.ts';
import { addMissingCelebrities, addMissingShows } from './catalog-names.repository.ts';
import { findPostsByUrl, insertPosts, replaceLinks, updatePosts } from './import-posts.repository.ts';

export type SkippedRow = SkippedImportRow;

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  skippedRows: SkippedRow[];
  celebritiesCreated: number;
  showsCreated: number;
  /** Ids of shows the import created (enrichment looks them up). */
  newShowIds: string[];
}

const FIELDS = [
  'title',
  'description',
  'celebrity',
  'show',
  'brand',
  'productType',
  'platform',
  'mainImage',
  'enhancedImage',
  'additionalImages',
  'categories',
  'date',
  'isTopPick',
] as const satisfies (keyof ImportPost)[];

const sameFields = (a: ImportPost, b: ImportPost) =>
  FIELDS.every((field) => JSON.stringify(a[field] ?? null) === JSON.stringify(b[field] ?? null));
const sameLinks = (a: ImportPost['links'], b: ImportPost['links']) =>
  a.length === b.length &&
  a.every(
    (link, i) =>
      link.text === b[i]!.text && link.url === b[i]!.url && link.realUrl === (b[i]!.realUrl ?? null),
  );

/**
 * Imports posts (issue: ingestion): each row is checked, then upserted by its source URL in one
 * transaction: a new URL becomes a pending post; a known one is updated only where it differs (its
 * status untouched), so importing the same file twice changes nothing the second time. Missing
 * celebrities and shows get rows. Every created or updated post gets its post-changed event.
 */
export async function importPosts(
  ctx: StoreContext,
  log: Log,
  entries: ImportEntry[],
  actor: AuditActor,
): Promise<ImportResult> {
  const checked = checkImportEntries(entries);
  const skippedRows: SkippedRow[] = checked.skipped;
  const valid = new Map(checked.valid.map((v) => [v.post.url, v]));

  const outcome = await ctx.db.transaction().execute(async (trx) => {
    // One import at a time: two concurrent imports of the same new URL would otherwise both create it.
    await sql`select pg_advisory_xact_lock(hashtext('catalog.post-import'))`.execute(trx);
    await sql`set local statement_timeout = 0`.execute(trx);
    const posts = [...valid.values()].map((v) => v.post);
    const existing = await findPostsByUrl(
      trx,
      posts.map((p) => p.url),
    );
    const created: { id: string; post: ImportPost }[] = [];
    const changed: { id: string; post: ImportPost }[] = [];
    const linksChanged: { id: string; post: ImportPost }[] = [];
    for (const post of posts) {
      const found = existing.get(post.url);
      if (!found) {
        created.push({ id: crypto.randomUUID(), post });
        continue;
      }
      const fieldsDiffer = !sameFields(post, found.current);
      const linksDiffer = !sameLinks(post.links, found.current.links);
      if (fieldsDiffer || linksDiffer) changed.push({ id: found.id, post });
      if (linksDiffer) linksChanged.push({ id: found.id, post });
    }
    await insertPosts(trx, created);
    await updatePosts(trx, changed);
    await replaceLinks(trx, linksChanged);
    const celebritiesCreated = await addMissingCelebrities(
      trx,
      posts.map((p) => p.celebrity),
    );
    const newShowIds = await addMissingShows(
      trx,
      posts.map((p) => p.show),
    );
    const ids = (list: { id: string }[]) => sql`p.id = any(${sql.val(list.map((p) => p.id))}::uuid[])`;
    const outboxIds = [
      ...(created.length > 0 ? await recordPostEvents(trx, 'created', ids(created)) : []),
      ...(changed.length > 0 ? await recordPostEvents(trx, 'updated', ids(changed)) : []),
    ];
    const counts = {
      created: created.length,
      updated: changed.length,
      unchanged: posts.length - created.length - changed.length,
      skipped: skippedRows.length,
      celebritiesCreated,
      showsCreated: newShowIds.length,
    };
    // One entry per import run: its counts (the posts it created are new, so have no "before").
    const auditIds = await recordCatalogAudit(trx, [
      {
        actor: { _id: actor.id, username: actor.username },
        action: 'posts.import',
        targetType: 'import',
        targetId: crypto.randomUUID(),
        targetLabel: `${counts.created} created, ${counts.updated} updated, ${counts.skipped} skipped`,
        changes: Object.entries(counts).map(([field, after]) => ({ field, before: null, after })),
      },
    ]);
    return { ...counts, newShowIds, outboxIds, auditIds };
  });
  await afterPostWrite(ctx, outcome.outboxIds, log, outcome.auditIds);
  // New shows are looked up on TVmaze; a failure to ask leaves them as imported.
  await enqueueShowEnrichment(ctx.showEnrichment, outcome.newShowIds).catch((error: unknown) => {
    log.warn({ err: error }, 'show enrichment could not be queued');
  });
  skippedRows.sort((a, b) => a.row - b.row);
  return {
    created: outcome.created,
    updated: outcome.updated,
    unchanged: outcome.unchanged,
    skipped: skippedRows.length,
    skippedRows,
    celebritiesCreated: outcome.celebritiesCreated,
    showsCreated: outcome.newShowIds.length,
    newShowIds: outcome.newShowIds,
  };
}
