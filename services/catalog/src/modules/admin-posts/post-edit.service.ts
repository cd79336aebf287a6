import {
  AFFILIATE_LINK_PLACEHOLDER_URL,
  changedFields,
  imageAddressProblem,
  type AuditActor,
  type AuditChange,
  linkAddressProblem,
  type AdminPost,
  type AdminPostLinkInput,
  type AdminPostUpdate,
} from '@celebstyle/contracts';
import { badRequest, type Log, notFound } from '@celebstyle/service-kit';
import { sql, type Transaction } from 'kysely';
import type { Database, PostUpdate } from '../../db/database.ts';
import type { StoreContext } from '../../lib/store-context.ts';
import { recordCatalogAudit } from '../audit/catalog-audit.ts';
import { nextUpdatedAt, recordPostEvents } from '../post-events/post-events.outbox.ts';
import { findAdminPost } from './admin-post.mapper.ts';
import { afterPostWrite } from './post-write-effects.ts';

/** admin.md §2 Edit post form: a link added in the form carries a temporary id until saved. */
const isNewLinkId = (id: string | undefined) => id === undefined || id === '' || id.startsWith('temp-');

function requiredName(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') throw badRequest(`${field} must not be blank`);
  return trimmed;
}

const optionalUrl = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The contracts' one address rule (web-address.ts), as contracts' post-import-row.ts applies it too. */
function assertAddress(problem: string | null): void {
  if (problem) throw badRequest(problem);
}

function optionalImage(field: string, value: string | null): string | null {
  const image = optionalUrl(value);
  if (image !== null) assertAddress(imageAddressProblem(field, image));
  return image;
}

/** The fields of an update, checked and trimmed; platform and status are not editable here. */
function columnsOf(update: AdminPostUpdate): PostUpdate {
  const columns: PostUpdate = {};
  if (update.title !== undefined) columns.title = update.title.trim();
  if (update.description !== undefined) columns.description = update.description;
  const celebrity = requiredName('celebrity', update.celebrity);
  if (celebrity !== undefined) columns.celebrity = celebrity;
  const show = requiredName('show', update.show);
  if (show !== undefined) columns.show = show;
  const brand = requiredName('brand', update.brand);
  if (brand !== undefined) columns.brand = brand;
  const productType = requiredName('productType', update.productType);
  if (productType !== undefined) columns.product_type = productType;
  if (update.mainImage !== undefined) columns.main_image = optionalImage('mainImage', update.mainImage);
  if (update.enhancedImage !== undefined)
    columns.enhanced_image = optionalImage('enhancedImage', update.enhancedImage);
  if (update.additionalImages !== undefined) {
    columns.additional_images = update.additionalImages.flatMap((value, i) => {
      const image = optionalImage(`additionalImages[${i}]`, value);
      return image === null ? [] : [image];
    });
  }
  if (update.isTopPick !== undefined) columns.is_top_pick = update.isTopPick;
  return columns;
}

interface LinkRow {
  id: string | null;
  text: string;
  url: string;
  realUrl: string | null;
}

/**
 * Checks the sent links: text required; the placeholder url falls back to the realUrl, and stays
 * when realUrl is empty (admin.md §2: realUrl optional), so such a link has no address yet.
 */
function linkRows(links: AdminPostLinkInput[], knownIds: Set<string>): LinkRow[] {
  const seen = new Set<string>();
  return links.map((link, index) => {
    const text = link.text.trim();
    if (text === '') throw badRequest(`affiliateLinks[${index}].text must not be blank`);
    const realUrl = optionalUrl(link.realUrl);
    const sentUrl = optionalUrl(link.url);
    const placeholder = sentUrl === AFFILIATE_LINK_PLACEHOLDER_URL;
    const url = sentUrl && !placeholder ? sentUrl : (realUrl ?? (placeholder ? sentUrl : null));
    if (!url) throw badRequest(`affiliateLinks[${index}] needs a url or a realUrl`);
    if (realUrl !== null) assertAddress(linkAddressProblem(`affiliateLinks[${index}].realUrl`, realUrl));
    if (url !== realUrl && url !== AFFILIATE_LINK_PLACEHOLDER_URL)
      assertAddress(linkAddressProblem(`affiliateLinks[${index}].url`, url));
    if (isNewLinkId(link._id)) return { id: null, text, url, realUrl };
    const id = link._id!;
    if (!knownIds.has(id)) throw badRequest(`affiliateLinks[${index}]._id is not a link of this post`);
    if (seen.has(id)) throw badRequest(`affiliateLinks[${index}]._id is sent twice`);
    seen.add(id);
    return { id, text, url, realUrl };
  });
}

/** Makes the post's links exactly `rows`, in that order: kept ids stay, new ones get a real id. */
async function replaceLinks(trx: Transaction<Database>, postId: string, rows: LinkRow[]): Promise<void> {
  const keep = rows.flatMap((row) => (row.id ? [row.id] : []));
  let remove = trx.deleteFrom('affiliate_links').where('post_id', '=', postId);
  if (keep.length > 0) remove = remove.where('id', 'not in', keep);
  await remove.execute();
  // Out of the way of the (post_id, position) unique key before the links take their new places.
  await sql`update affiliate_links set position = -position - 1 where post_id = ${postId}`.execute(trx);
  for (const [position, row] of rows.entries()) {
    if (row.id) {
      await trx
        .updateTable('affiliate_links')
        .set({ position, text: row.text, url: row.url, real_url: row.realUrl })
        .where('id', '=', row.id)
        .execute();
    } else {
      await trx
        .insertInto('affiliate_links')
        .values({ post_id: postId, position, text: row.text, url: row.url, real_url: row.realUrl })
        .execute();
    }
  }
}

/** The fields of a post an edit can change, as its audit entry compares them. */
const EDITABLE_FIELDS = [
  'title',
  'description',
  'celebrity',
  'show',
  'brand',
  'productType',
  'mainImage',
  'enhancedImage',
  'additionalImages',
  'isTopPick',
  'affiliateLinks',
] as const;

function editedFields(before: AdminPost, after: AdminPost): AuditChange[] {
  const editable = (post: AdminPost) => ({
    ...post,
    affiliateLinks: post.affiliateLinks.map((link) => ({
      text: link.text,
      url: link.url,
      realUrl: link.realUrl ?? null,
    })),
  });
  return changedFields(editable(before), editable(after), EDITABLE_FIELDS);
}

/**
 * PUT /api/admin/posts/{id}: the editable fields and links, one transaction, one outbox event and
 * one audit entry with the fields that changed.
 */
export async function editPost(
  ctx: StoreContext,
  log: Log,
  postId: string,
  update: AdminPostUpdate,
  actor: AuditActor,
): Promise<AdminPost> {
  const columns = columnsOf(update);
  const { outboxIds, auditIds } = await ctx.db.transaction().execute(async (trx) => {
    const post = await trx
      .selectFrom('posts')
      .select('id')
      .where('id', '=', postId)
      .forUpdate()
      .executeTakeFirst();
    if (!post) throw notFound('Post not found');
    const before = (await findAdminPost(trx, postId))!;
    if (update.affiliateLinks !== undefined) {
      const existing = await trx
        .selectFrom('affiliate_links')
        .select('id')
        .where('post_id', '=', postId)
        .execute();
      const rows = linkRows(update.affiliateLinks, new Set(existing.map((l) => l.id)));
      await replaceLinks(trx, postId, rows);
    }
    await trx
      .updateTable('posts')
      .set({ ...columns, updated_at: nextUpdatedAt(sql`updated_at`) })
      .where('id', '=', postId)
      .execute();
    const after = (await findAdminPost(trx, postId))!;
    const auditIds = await recordCatalogAudit(trx, [
      {
        actor: { _id: actor.id, username: actor.username },
        action: 'post.update',
        targetType: 'post',
        targetId: postId,
        targetLabel: after.title,
        changes: editedFields(before, after),
      },
    ]);
    return { outboxIds: await recordPostEvents(trx, 'updated', sql`p.id = ${postId}`), auditIds };
  });
  await afterPostWrite(ctx, outboxIds, log, auditIds);
  const post = await findAdminPost(ctx.db, postId);
  if (!post) throw notFound('Post not found');
  return post;
}
