/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

/**
 * Exact totals of matching posts for the broad results filters (README "Link validation results",
 * "Counting matching posts") without reading every post and link.
 *
 * Each post has a mask of what its links are: bit i when a link has status i (the order of
 * `status_bit`), bit 9 + i when such a link has confidence >= 0.8 (the High Confidence preset),
 * bit 18 + i when it has confidence <= 0.4 (Low Confidence). `post_link_masks` holds it with the
 * post's liveness; `post_mask_deltas` is a log of changes to "how many live posts have this mask"
 * (as `link_health_deltas` is for the daily counts), so the number of live posts with a link of
 * status A or B is the sum of the deltas whose mask has bit A or bit B: a few hundred rows.
 *
 * Triggers keep both exact in the transaction of the write, whoever writes. A link change that
 * moves its post's mask recomputes the mask from the post's links after locking the post's mask
 * row, in a statement of its own (a fresh snapshot), so two transactions changing two links of one
 * post cannot both write a mask computed from the other's old state. A check that keeps its link's
 * bits (most checks) recomputes nothing.
 */
const STATUSES = `'active', 'sold_out', '404', 'invalid', 'server_error', 'redirect_error', 'access_denied', 'product_removed', 'unknown'`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
-- The bit of a status (0 for a value outside the nine, which no filter can ask for).
create function link_validation.status_bit(status text) returns integer
language sql immutable parallel safe as $$
  select coalesce(1 << (array_position(array[${STATUSES}], status) - 1), 0)
$$;

create function link_validation.link_mask(status text, confidence real) returns integer
language sql immutable parallel safe as $$
  select link_validation.status_bit(status)
    | case when confidence >= 0.8::real then link_validation.status_bit(status) << 9 else 0 end
    | case when confidence <= 0.4::real then link_validation.status_bit(status) << 18 else 0 end
$$;

create table link_validation.post_link_masks (
  post_id uuid primary key references link_validation.posts (id) on delete cascade,
  live boolean not null,
  mask integer not null default 0
);

create table link_validation.post_mask_deltas (
  id bigserial primary key,
  mask integer not null,
  delta integer not null
);

-- A mask row's contribution: +1 to its mask while the post is live and has links.
create function link_validation.post_masks_changed() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into link_validation.post_mask_deltas (mask, delta)
    select mask, count(*) from new_rows where live and mask <> 0 group by mask;
  elsif tg_op = 'DELETE' then
    insert into link_validation.post_mask_deltas (mask, delta)
    select mask, -count(*) from old_rows where live and mask <> 0 group by mask;
  else
    insert into link_validation.post_mask_deltas (mask, delta)
    select mask, sum(delta) from (
      select mask, -1 as delta from old_rows where live and mask <> 0
      union all
      select mask, 1 from new_rows where live and mask <> 0
    ) change group by mask having sum(delta) <> 0;
  end if;
  return null;
end
$$;

create trigger post_masks_inserted after insert on link_validation.post_link_masks
  referencing new table as new_rows
  for each statement execute function link_validation.post_masks_changed();
create trigger post_masks_updated after update on link_validation.post_link_masks
  referencing old table as old_rows new table as new_rows
  for each statement execute function link_validation.post_masks_changed();
create trigger post_masks_deleted after delete on link_validation.post_link_masks
  referencing old table as old_rows
  for each statement execute function link_validation.post_masks_changed();

create function link_validation.post_masks_truncated() returns trigger
language plpgsql as $$
begin
  delete from link_validation.post_mask_deltas;
  return null;
end
$$;

create trigger post_masks_truncated after truncate on link_validation.post_link_masks
  for each statement execute function link_validation.post_masks_truncated();

-- A new post gets its mask row (its links come after it); a post deleted or restored flips its
-- row's liveness. A removed post's row goes by the foreign key's cascade.
create function link_validation.posts_inserted_masks() returns trigger
language plpgsql as $$
begin
  insert into link_validation.post_link_masks (post_id, live)
  select id, not deleted from new_posts
  on conflict (post_id) do nothing;
  return null;
end
$$;

create function link_validation.posts_updated_masks() returns trigger
language plpgsql as $$
begin
  update link_validation.post_link_masks m set live = not n.deleted
  from new_posts n join old_posts o on o.id = n.id
  where m.post_id = n.id and o.deleted is distinct from n.deleted;
  return null;
end
$$;

create trigger posts_inserted_masks after insert on link_validation.posts
  referencing new table as new_posts
  for each statement execute function link_validation.posts_inserted_masks();
create trigger posts_updated_masks after update on link_validation.posts
  referencing old table as old_posts new table as new_posts
  for each statement execute function link_validation.posts_updated_masks();

-- Recomputes the masks of these posts from their links: rows locked first, then read in a
-- statement of its own, which (READ COMMITTED, a volatile function) sees what a transaction that
-- held a lock committed.
create function link_validation.refresh_post_link_masks(post_ids uuid[]) returns void
language plpgsql as $$
begin
  perform 1 from link_validation.post_link_masks
  where post_id = any(post_ids) order by post_id for update;
  update link_validation.post_link_masks m set mask = fresh.mask
  from (
    select ids.id, coalesce((
      select bit_or(link_validation.link_mask(l.link_status, l.confidence))
      from link_validation.links l where l.post_id = ids.id), 0) as mask
    from (select distinct id from unnest(post_ids) as u(id)) ids
  ) fresh
  where m.post_id = fresh.id and m.mask <> fresh.mask;
end
$$;

create function link_validation.links_inserted_masks() returns trigger
language plpgsql as $$
begin
  perform link_validation.refresh_post_link_masks(array(select distinct post_id from new_links));
  return null;
end
$$;

create function link_validation.links_deleted_masks() returns trigger
language plpgsql as $$
begin
  perform link_validation.refresh_post_link_masks(array(select distinct post_id from old_links));
  return null;
end
$$;

-- Per statement (a batch of checks is one), with the posts in one locking order (refresh's): two
-- batches that change links of the same posts wait for each other instead of deadlocking.
create function link_validation.links_updated_masks() returns trigger
language plpgsql as $$
declare
  changed uuid[];
begin
  changed := array(
    select unnest(array[o.post_id, n.post_id])
    from old_links o join new_links n on n.id = o.id
    where o.post_id <> n.post_id
       or link_validation.link_mask(o.link_status, o.confidence)
          <> link_validation.link_mask(n.link_status, n.confidence));
  if cardinality(changed) > 0 then
    perform link_validation.refresh_post_link_masks(changed);
  end if;
  return null;
end
$$;

create function link_validation.links_truncated_masks() returns trigger
language plpgsql as $$
begin
  update link_validation.post_link_masks set mask = 0 where mask <> 0;
  return null;
end
$$;

create trigger links_inserted_masks after insert on link_validation.links
  referencing new table as new_links
  for each statement execute function link_validation.links_inserted_masks();
create trigger links_deleted_masks after delete on link_validation.links
  referencing old table as old_links
  for each statement execute function link_validation.links_deleted_masks();
create trigger links_updated_masks after update on link_validation.links
  referencing old table as old_links new table as new_links
  for each statement execute function link_validation.links_updated_masks();
create trigger links_truncated_masks after truncate on link_validation.links
  for each statement execute function link_validation.links_truncated_masks();

-- Folds the log into one row per mask, as compact_link_health_deltas does for the daily counts.
create function link_validation.compact_post_mask_deltas() returns integer
language sql as $$
  with folded as (
    delete from link_validation.post_mask_deltas returning mask, delta
  ), kept as (
    insert into link_validation.post_mask_deltas (mask, delta)
    select mask, sum(delta) from folded group by mask having sum(delta) <> 0
    returning 1
  )
  select (select count(*) from folded)::integer - (select count(*) from kept)::integer
$$;

-- The existing posts and links.
insert into link_validation.post_link_masks (post_id, live, mask)
select p.id, not p.deleted, coalesce(bit_or(link_validation.link_mask(l.link_status, l.confidence)), 0)
from link_validation.posts p left join link_validation.links l on l.post_id = p.id
group by p.id;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
drop trigger links_truncated_masks on link_validation.links;
drop trigger links_updated_masks on link_validation.links;
drop trigger links_deleted_masks on link_validation.links;
drop trigger links_inserted_masks on link_validation.links;
drop trigger posts_updated_masks on link_validation.posts;
drop trigger posts_inserted_masks on link_validation.posts;
drop table link_validation.post_mask_deltas;
drop table link_validation.post_link_masks;
drop function link_validation.compact_post_mask_deltas();
drop function link_validation.links_truncated_masks();
drop function link_validation.links_updated_masks();
drop function link_validation.links_deleted_masks();
drop function link_validation.links_inserted_masks();
drop function link_validation.refresh_post_link_masks(uuid[]);
drop function link_validation.posts_updated_masks();
drop function link_validation.posts_inserted_masks();
drop function link_validation.post_masks_truncated();
drop function link_validation.post_masks_changed();
drop function link_validation.link_mask(text, real);
drop function link_validation.status_bit(text);
`,
    )
    .execute(db);
}
