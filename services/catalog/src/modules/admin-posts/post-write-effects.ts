import { publishAuditEvents } from '@celebstyle/queue';
import type { Log } from '@celebstyle/service-kit';
import { bumpCatalogVersion } from '../../lib/catalog-version.ts';
import type { StoreContext } from '../../lib/store-context.ts';
import { catalogAuditOutbox } from '../audit/catalog-audit.ts';
import { publishOutboxEvents } from '../post-events/post-events.publisher.ts';

/**
 * What follows a committed post write: every cached public answer is retired (a listing change:
 * the data version is part of every cache key, and the gateway's pages watch the listings' stamp), and the write's outbox events and audit entries go out at once. None
 * may fail the write: a failed publish is left to the worker's outbox sweep; a failed bump leaves
 * cached answers to expire within their 60 s lifetime (and with Redis down no cache is being
 * served anyway).
 */
export async function afterPostWrite(
  ctx: StoreContext,
  outboxIds: readonly string[],
  log: Log,
  auditIds: readonly string[] = [],
): Promise<void> {
  await Promise.all([
    bumpCatalogVersion(ctx.redis, ctx.keys.prefix).catch((error: unknown) => {
      log.warn({ err: error }, 'catalog data version bump failed; cached answers expire on their own');
    }),
    outboxIds.length === 0
      ? undefined
      : publishOutboxEvents(ctx.db, ctx.postEvents, { ids: outboxIds }).catch((error: unknown) => {
          log.warn({ err: error }, 'post events publish failed; left to the outbox sweep');
        }),
    auditIds.length === 0
      ? undefined
      : publishAuditEvents(catalogAuditOutbox.source(ctx.db), ctx.auditEvents, { ids: auditIds }).catch(
          (error: unknown) => {
            log.warn({ err: error }, 'audit entries publish failed; left to the outbox sweep');
          },
        ),
  ]);
}
