import type { AdminCelebrity, AdminCelebrityUpdate, AuditActor } from '@celebstyle/contracts';
import { conflict, type Log, notFound } from '@celebstyle/service-kit';
import { toSlug } from '@celebstyle/slugs';
import { sql } from 'kysely';
import type { CelebrityRow } from '../../db/database.ts';
import type { StoreContext } from '../../lib/store-context.ts';
import { afterPostWrite } from '../admin-posts/post-write-effects.ts';
import { recordEntry } from '../audit/catalog-audit.ts';
import { nextUpdatedAt, recordPostEvents } from '../post-events/post-events.outbox.ts';
import { findAdminCelebrity } from './admin-celebrities.repository.ts';
import { nameList, optionalImage, optionalText, requiredText } from './text-input.ts';

export const CELEBRITY_NOT_FOUND = 'Celebrity not found';

/** The fields an admin edits, as the audit entry compares them. */
const AUDITED_FIELDS = ['name', 'description', 'profileImage', 'shows', 'mainShow', 'network', 'location'];

function columnsOf(update: AdminCelebrityUpdate, current: CelebrityRow) {
  const columns: Partial<CelebrityRow> = {};
  if (update.name !== undefined) {
    columns.name = requiredText('name', update.name);
    columns.slug = toSlug(columns.name);
    if (columns.slug === '') columns.slug = current.slug;
  }
  if (update.description !== undefined) {
    columns.description = optionalText(update.description);
    // An admin's own words are no longer the system's (admin.md §3 descriptionGenerated).
    if (columns.description !== current.description) columns.description_generated = false;
  }
  if (update.profileImage !== undefined)
    columns.profile_image = optionalImage('profileImage', update.profileImage);
  if (update.shows !== undefined) columns.shows = nameList(update.shows);
  if (update.mainShow !== undefined) columns.main_show = optionalText(update.mainShow);
  if (update.network !== undefined) columns.network = optionalText(update.network);
  if (update.location !== undefined) columns.location = optionalText(update.location);
  return columns;
}

/**
 * PUT /api/admin/celebrities/{id}. A rename carries every post of the old name (any spelling case)
 * to the new one in the same transaction, with their post-changed events, so the profile, its
 * slug, the posts, filters and trending agree at once.
 */
export async function updateCelebrity(
  ctx: StoreContext,
  log: Log,
  id: string,
  update: AdminCelebrityUpdate,
  actor: AuditActor,
): Promise<AdminCelebrity> {
  let auditIds: string[] = [];
  const outboxIds = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('celebrities')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(CELEBRITY_NOT_FOUND);
    const before = (await findAdminCelebrity(trx, id))!;
    const columns = columnsOf(update, current);
    if (columns.name !== undefined) {
      const clash = await trx
        .selectFrom('celebrities')
        .select('name')
        .where('id', '<>', id)
        .where((eb) =>
          eb.or([eb(sql`lower(name)`, '=', columns.name!.toLowerCase()), eb('slug', '=', columns.slug!)]),
        )
        .executeTakeFirst();
      if (clash) throw conflict(`A celebrity named ${clash.name} already exists`);
    }
    await trx
      .updateTable('celebrities')
      .set({ ...columns, last_updated: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    const after = (await findAdminCelebrity(trx, id))!;
    auditIds = await recordEntry(trx, actor, {
      action: 'celebrity.update',
      targetType: 'celebrity',
      targetId: id,
      targetLabel: after.name,
      before: { ...before },
      after,
      fields: AUDITED_FIELDS,
    });
    if (columns.name === undefined || columns.name === current.name) return [];
    const renamed = await sql<{ id: string }>`
      update posts set celebrity = ${columns.name}, updated_at = ${nextUpdatedAt(sql`updated_at`)}
      where lower(celebrity) = ${current.name.toLowerCase()} and celebrity <> ${columns.name}
      returning id`.execute(trx);
    const ids = renamed.rows.map((row) => row.id);
    if (ids.length === 0) return [];
    return recordPostEvents(trx, 'updated', sql`p.id = any(${sql.val(ids)}::uuid[])`);
  });
  await afterPostWrite(ctx, outboxIds, log, auditIds);
  return (await findAdminCelebrity(ctx.db, id))!;
}

/**
 * DELETE /api/admin/celebrities/{id}. Refused (409) while any post, of any status, carries the
 * name: deleting the profile would leave those posts pointing at a celebrity that no longer
 * exists, and silently moving them to someone else would misattribute outfits. An admin renames or
 * deletes the posts first.
 */
export async function deleteCelebrity(
  ctx: StoreContext,
  log: Log,
  id: string,
  actor: AuditActor,
): Promise<void> {
  const auditIds = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('celebrities')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(CELEBRITY_NOT_FOUND);
    const { posts } = await trx
      .selectFrom('posts')
      .select(sql<number>`count(*)::int`.as('posts'))
      .where(sql`lower(celebrity)`, '=', current.name.toLowerCase())
      .executeTakeFirstOrThrow();
    if (posts > 0) {
      throw conflict(
        `${current.name} still has ${posts} post${posts === 1 ? '' : 's'}: reassign or delete them first`,
      );
    }
    const before = (await findAdminCelebrity(trx, id))!;
    await trx.deleteFrom('celebrities').where('id', '=', id).execute();
    return recordEntry(trx, actor, {
      action: 'celebrity.delete',
      targetType: 'celebrity',
      targetId: id,
      targetLabel: current.name,
      before,
      after: null,
      fields: AUDITED_FIELDS,
    });
  });
  await afterPostWrite(ctx, [], log, auditIds);
}
