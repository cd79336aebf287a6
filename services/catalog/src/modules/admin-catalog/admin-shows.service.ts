import type { AdminShow, AdminShowUpdate, AuditActor } from '@celebstyle/contracts';
import { conflict, type Log, notFound, serviceUnavailable } from '@celebstyle/service-kit';
import { toSlug } from '@celebstyle/slugs';
import { sql } from 'kysely';
import type { ShowRow } from '../../db/database.ts';
import { enqueueShowEnrichment } from '../../lib/show-enrichment-queue.ts';
import type { StoreContext } from '../../lib/store-context.ts';
import { afterPostWrite } from '../admin-posts/post-write-effects.ts';
import { recordEntry } from '../audit/catalog-audit.ts';
import { nextUpdatedAt, recordPostEvents } from '../post-events/post-events.outbox.ts';
import { showSpellings } from '../shows/show-names.ts';
import { findAdminShow } from './admin-shows.repository.ts';
import { nameList, optionalImage, optionalText, requiredText } from './text-input.ts';

export const SHOW_NOT_FOUND = 'Show not found';

/** The fields an admin edits, as the audit entry compares them. */
const AUDITED_FIELDS = [
  'name',
  'searchTerm',
  'network',
  'status',
  'genres',
  'summary',
  'originalImage',
  'mediumImage',
];

/** The columns of an update and the API names of the fields it changes (kept as hand-edited). */
function columnsOf(update: AdminShowUpdate, current: ShowRow) {
  const columns: Partial<ShowRow> = {};
  if (update.name !== undefined) {
    columns.name = requiredText('name', update.name);
    columns.slug = toSlug(columns.name) || current.slug;
  }
  if (update.searchTerm !== undefined) columns.search_term = optionalText(update.searchTerm);
  if (update.network !== undefined) columns.network = optionalText(update.network);
  if (update.status !== undefined) columns.status = update.status;
  if (update.genres !== undefined) columns.genres = nameList(update.genres);
  if (update.summary !== undefined) columns.summary = optionalText(update.summary);
  if (update.originalImage !== undefined)
    columns.original_image = optionalImage('originalImage', update.originalImage);
  if (update.mediumImage !== undefined)
    columns.medium_image = optionalImage('mediumImage', update.mediumImage);
  const apiNames: Record<string, keyof ShowRow> = {
    network: 'network',
    status: 'status',
    genres: 'genres',
    summary: 'summary',
    originalImage: 'original_image',
    mediumImage: 'medium_image',
  };
  const edited = Object.entries(apiNames)
    .filter(
      ([, column]) =>
        column in columns && JSON.stringify(columns[column]) !== JSON.stringify(current[column]),
    )
    .map(([name]) => name);
  return { columns, edited };
}

/**
 * PUT /api/admin/shows/{id}. A rename carries every post spelled as the old show (with or without
 * 'The', any case) and the celebrities' show lists to the new name in the same transaction, with
 * the posts' change events. Fields set here are remembered as hand-edited. A new search term may
 * name another show on TVmaze: the show is looked up again (a queue that cannot be reached is
 * logged, the update stands).
 */
export async function updateShow(
  ctx: StoreContext,
  log: Log,
  id: string,
  update: AdminShowUpdate,
  actor: AuditActor,
): Promise<AdminShow> {
  let searchTermChanged = false;
  let auditIds: string[] = [];
  const outboxIds = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('shows')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(SHOW_NOT_FOUND);
    const before = (await findAdminShow(trx, id))!;
    const { columns, edited } = columnsOf(update, current);
    searchTermChanged = 'search_term' in columns && columns.search_term !== current.search_term;
    if (columns.name !== undefined) {
      const clash = await trx
        .selectFrom('shows')
        .select('name')
        .where('id', '<>', id)
        .where((eb) =>
          eb.or([eb(sql`lower(name)`, '=', columns.name!.toLowerCase()), eb('slug', '=', columns.slug!)]),
        )
        .executeTakeFirst();
      if (clash) throw conflict(`A show named ${clash.name} already exists`);
    }
    await trx
      .updateTable('shows')
      .set({
        ...columns,
        edited_fields: [...new Set([...current.edited_fields, ...edited])],
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
    const after = (await findAdminShow(trx, id))!;
    auditIds = await recordEntry(trx, actor, {
      action: 'show.update',
      targetType: 'show',
      targetId: id,
      targetLabel: after.name,
      before,
      after,
      fields: AUDITED_FIELDS,
    });
    if (columns.name === undefined || columns.name === current.name) return [];
    const oldSpellings = showSpellings(current.name);
    await sql`update celebrities set
        shows = array(select case when lower(s) = any(${oldSpellings}::text[]) then ${columns.name} else s end
          from unnest(shows) s),
        main_show = case when lower(main_show) = any(${oldSpellings}::text[]) then ${columns.name} else main_show end
      where exists (select 1 from unnest(shows) s where lower(s) = any(${oldSpellings}::text[]))
        or lower(main_show) = any(${oldSpellings}::text[])`.execute(trx);
    const renamed = await sql<{ id: string }>`
      update posts set show = ${columns.name}, updated_at = ${nextUpdatedAt(sql`updated_at`)}
      where lower(show) = any(${oldSpellings}::text[]) and show <> ${columns.name}
      returning id`.execute(trx);
    const ids = renamed.rows.map((row) => row.id);
    if (ids.length === 0) return [];
    return recordPostEvents(trx, 'updated', sql`p.id = any(${sql.val(ids)}::uuid[])`);
  });
  await afterPostWrite(ctx, outboxIds, log, auditIds);
  if (searchTermChanged) {
    await enqueueShowEnrichment(ctx.showEnrichment, [id]).catch((error: unknown) => {
      log.warn({ err: error }, 'show enrichment could not be queued');
    });
  }
  return (await findAdminShow(ctx.db, id))!;
}

/**
 * POST /api/admin/shows/{id}/refresh-from-tvmaze, beyond the spec: a fresh TVmaze lookup by the
 * catalog worker (hand-edited fields stay as they are); 503 when the queue cannot be reached.
 */
export async function requestShowRefresh(ctx: StoreContext, log: Log, id: string): Promise<AdminShow> {
  const show = await findAdminShow(ctx.db, id);
  if (!show) throw notFound(SHOW_NOT_FOUND);
  try {
    await enqueueShowEnrichment(ctx.showEnrichment, [show._id]);
  } catch (error) {
    log.warn({ err: error }, 'show enrichment could not be queued');
    throw serviceUnavailable('Show enrichment is temporarily unavailable');
  }
  return show;
}

/**
 * DELETE /api/admin/shows/{id}. Refused (409) while any post, of any status, is of this show (the
 * same rule as celebrities); otherwise the show, its cast and its place in celebrities' show lists go.
 */
export async function deleteShow(ctx: StoreContext, log: Log, id: string, actor: AuditActor): Promise<void> {
  const auditIds = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('shows')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(SHOW_NOT_FOUND);
    const spellings = showSpellings(current.name);
    const { posts } = await trx
      .selectFrom('posts')
      .select(sql<number>`count(*)::int`.as('posts'))
      .where(sql`lower(show)`, 'in', spellings)
      .executeTakeFirstOrThrow();
    if (posts > 0) {
      throw conflict(
        `${current.name} still has ${posts} post${posts === 1 ? '' : 's'}: reassign or delete them first`,
      );
    }
    await sql`update celebrities set
        shows = array(select s from unnest(shows) s where lower(s) <> all(${spellings}::text[])),
        main_show = case when lower(main_show) = any(${spellings}::text[]) then null else main_show end
      where exists (select 1 from unnest(shows) s where lower(s) = any(${spellings}::text[]))
        or lower(main_show) = any(${spellings}::text[])`.execute(trx);
    const before = (await findAdminShow(trx, id))!;
    await trx.deleteFrom('shows').where('id', '=', id).execute();
    return recordEntry(trx, actor, {
      action: 'show.delete',
      targetType: 'show',
      targetId: id,
      targetLabel: current.name,
      before,
      after: null,
      fields: AUDITED_FIELDS,
    });
  });
  await afterPostWrite(ctx, [], log, auditIds);
}
