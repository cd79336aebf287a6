import { BrokenLinkStatuses, type LinkAttentionAnswer } from '@celebstyle/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The Dashboard's "links needing attention": approved posts (what visitors see) with at least one
 * broken or sold-out link, most viewed first, from the link health link-validation sends us.
 */
export async function linksNeedingAttention(
  db: Kysely<Database>,
  limit: number,
): Promise<LinkAttentionAnswer['posts']> {
  const broken = sql`l.health_status = any(${sql.val([...BrokenLinkStatuses])}::text[])`;
  const { rows } = await sql<LinkAttentionAnswer['posts'][number]>`
    select p.id as "_id", p.title, p.celebrity, p.show, p.view_count as "viewCount",
      count(*)::int as "totalLinks",
      count(*) filter (where ${broken})::int as "brokenLinks",
      count(*) filter (where l.health_status = 'sold_out')::int as "soldOutLinks"
    from posts p join affiliate_links l on l.post_id = p.id
    where p.status = 'approved'
    group by p.id
    having count(*) filter (where ${broken} or l.health_status = 'sold_out') > 0
    order by p.view_count desc, p.id desc
    limit ${limit}`.execute(db);
  return rows;
}
