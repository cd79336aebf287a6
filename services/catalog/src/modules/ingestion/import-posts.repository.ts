import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nextUpdatedAt } from '../post-events/post-events.outbox.ts';
import type { ImportPost } from '@celebstyle/contracts';

type Trx = Transaction<Database>;
const BATCH = 2000;

export interface ExistingPost {
  id: string;
  url: string;
  /** The imported fields as stored, in ImportPost form, to tell an update from no change. */
  current: ImportPost;
}

/** The oldest post of each source URL, with its links. */
export async function findPostsByUrl(trx: Trx, urls: string[]): Promise<Map<string, ExistingPost>> {
  const found = new Map<string, ExistingPost>();
  for (let i = 0; i < urls.length; i += BATCH) {
    const { rows } = await sql<{
      id: string;
      url: string;
      post: Omit<ImportPost, 'links'>;
      links: ImportPost['links'];
    }>`
      select distinct on (p.url) p.id, p.url,
        json_build_object('url', p.url, 'title', p.title, 'description', p.description,
          'celebrity', p.celebrity, 'show', p.show, 'brand', p.brand, 'productType', p.product_type,
          'platform', p.platform, 'mainImage', p.main_image, 'enhancedImage', p.enhanced_image,
          'additionalImages', p.additional_images, 'categories', p.categories, 'date', p.date,
          'isTopPick', p.is_top_pick) as post,
        coalesce((select json_agg(json_build_object('text', l.text, 'url', l.url, 'realUrl', l.real_url)
          order by l.position) from affiliate_links l where l.post_id = p.id), '[]'::json) as links
      from posts p where p.url = any(${urls.slice(i, i + BATCH)}::text[])
      order by p.url, p.created_at, p.id`.execute(trx);
    for (const row of rows)
      found.set(row.url, { id: row.id, url: row.url, current: { ...row.post, links: row.links } });
  }
  return found;
}

const postRecord = (id: string, post: ImportPost) => ({
  id,
  url: post.url,
  title: post.title,
  description: post.description,
  celebrity: post.celebrity,
  show: post.show,
  brand: post.brand,
  product_type: post.productType,
  platform: post.platform,
  main_image: post.mainImage,
  enhanced_image: post.enhancedImage,
  additional_images: post.additionalImages,
  categories: post.categories,
  date: post.date,
  is_top_pick: post.isTopPick,
});

const RECORD_COLUMNS = sql`id uuid, url text, title text, description text, celebrity text, show text,
  brand text, product_type text, platform text, main_image text, enhanced_image text,
  additional_images text[], categories text[], date text, is_top_pick boolean`;

/** New posts, pending review (admin.md §4), in batches of 2,000 rows per statement. */
export async function insertPosts(trx: Trx, posts: { id: string; post: ImportPost }[]): Promise<void> {
  for (let i = 0; i < posts.length; i += BATCH) {
    const records = posts.slice(i, i + BATCH).map(({ id, post }) => postRecord(id, post));
    await sql`
      insert into posts (id, url, title, description, celebrity, show, brand, product_type, platform,
        main_image, enhanced_image, additional_images, categories, date, is_top_pick, status)
      select id, url, title, description, celebrity, show, brand, product_type, platform,
        main_image, enhanced_image, additional_images, categories, date, is_top_pick, 'pending'
      from json_to_recordset(${JSON.stringify(records)}::json) as x(${RECORD_COLUMNS})`.execute(trx);
  }
  await insertLinks(trx, posts);
}

/** Changed posts: their imported fields (never status), updated_at raised for the event version. */
export async function updatePosts(trx: Trx, posts: { id: string; post: ImportPost }[]): Promise<void> {
  for (let i = 0; i < posts.length; i += BATCH) {
    const records = posts.slice(i, i + BATCH).map(({ id, post }) => postRecord(id, post));
    await sql`
      update posts p set title = x.title, description = x.description, celebrity = x.celebrity,
        show = x.show, brand = x.brand, product_type = x.product_type, platform = x.platform,
        main_image = x.main_image, enhanced_image = x.enhanced_image,
        additional_images = x.additional_images, categories = x.categories, date = x.date,
        is_top_pick = x.is_top_pick, updated_at = ${nextUpdatedAt(sql`p.updated_at`)}
      from json_to_recordset(${JSON.stringify(records)}::json) as x(${RECORD_COLUMNS})
      where p.id = x.id`.execute(trx);
  }
}

/** Replaces the links of posts whose links changed; a link with the same url and text keeps its id. */
export async function replaceLinks(trx: Trx, posts: { id: string; post: ImportPost }[]): Promise<void> {
  if (posts.length === 0) return;
  const ids = posts.map((p) => p.id);
  const kept = await trx
    .selectFrom('affiliate_links')
    .select(['id', 'post_id', 'text', 'url'])
    .where('post_id', 'in', ids)
    .execute();
  const keepId = new Map(kept.map((l) => [`${l.post_id}\u0000${l.url}\u0000${l.text}`, l.id]));
  await trx.deleteFrom('affiliate_links').where('post_id', 'in', ids).execute();
  await insertLinks(trx, posts, (postId, link) => {
    const key = `${postId}\u0000${link.url}\u0000${link.text}`;
    const id = keepId.get(key);
    keepId.delete(key); // a link sent twice keeps its id once
    return id;
  });
}

async function insertLinks(
  trx: Trx,
  posts: { id: string; post: ImportPost }[],
  existingId: (postId: string, link: ImportPost['links'][number]) => string | undefined = () => undefined,
): Promise<void> {
  const rows = posts.flatMap(({ id, post }) =>
    post.links.map((link, position) => ({
      id: existingId(id, link) ?? crypto.randomUUID(),
      post_id: id,
      position,
      text: link.text,
      url: link.url,
      real_url: link.realUrl,
    })),
  );
  for (let i = 0; i < rows.length; i += BATCH * 3) {
    await sql`
      insert into affiliate_links (id, post_id, position, text, url, real_url)
      select id, post_id, position, text, url, real_url
      from json_to_recordset(${JSON.stringify(rows.slice(i, i + BATCH * 3))}::json) as x(
        id uuid, post_id uuid, position integer, text text, url text, real_url text)`.execute(trx);
  }
}
