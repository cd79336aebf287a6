/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

/**
 * Link health over time: how many links were active, broken, sold out or unknown at the end of
 * each UTC day, read from the check history without scanning it.
 *
 * `link_health_deltas` is a log of changes to those daily counts: a row (day, bucket, delta) says
 * "from this day on, `delta` more links are in this bucket". A day's count in a bucket is the sum
 * of the deltas up to that day. Triggers keep the log exact in the same transaction as the write
 * that changes it, whoever writes (the check worker, the projection, a test, a repair):
 *
 * - a link of a live post is added (+1 unknown on its creation day) or removed (its whole
 *   contribution taken back), a post is deleted (its links' contributions taken back) or comes back;
 * - a check row is inserted: the link's bucket changes from that day until the day of its next
 *   check (usually: from today on). Checks inserted out of order are handled, provided one
 *   statement inserts at most one check per link (two of one link in one statement would each see
 *   the other as already counted; `rebuild_link_health_deltas()` repairs that).
 *
 * The log only grows when a link's bucket changes, and the worker folds it into one row per day
 * and bucket (`compact_link_health_deltas()`), so a read sums a few hundred rows.
 */
const BROKEN = `'404', 'invalid', 'server_error', 'redirect_error', 'access_denied', 'product_removed'`;

/** A link's whole contribution to the daily counts, as (day, bucket, delta) rows. */
function contributionQuery(linkFilter: string): string {
  return `
    with live as (
      select l.id, (l.created_at at time zone 'UTC')::date as born
      from link_validation.links l
      join link_validation.posts p on p.id = l.post_id
      where p.deleted = false and ${linkFilter}
    ),
    -- The bucket at the end of each day on which the link was checked (its last check that day);
    -- a check older than the link counts on the link's first day.
    daily as (
      select distinct on (c.link_id, day)
        c.link_id,
        greatest((c.checked_at at time zone 'UTC')::date, live.born) as day,
        link_validation.health_bucket(c.link_status) as bucket
      from link_validation.link_checks c
      join live on live.id = c.link_id
      order by c.link_id, day, c.checked_at desc, c.id desc
    ),
    changes as (
      select day, bucket, lag(bucket, 1, 'unknown') over (partition by link_id order by day) as previous
      from daily
    )
    select born as day, 'unknown' as bucket, 1 as delta from live
    union all
    select day, bucket, 1 from changes where bucket <> previous
    union all
    select day, previous, -1 from changes where bucket <> previous`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
create function link_validation.health_bucket(status text) returns text
language sql immutable parallel safe as $$
  select case
    when status = 'active' then 'active'
    when status = 'sold_out' then 'sold_out'
    when status in (${BROKEN}) then 'broken'
    else 'unknown'
  end
$$;

create table link_validation.link_health_deltas (
  id bigserial primary key,
  day date not null,
  bucket text not null check (bucket in ('active', 'broken', 'sold_out', 'unknown')),
  delta integer not null
);

-- Adds (direction 1) or takes back (direction -1) the contribution of one link of a live post,
-- or of every link of a live post. PL/pgSQL, so the plan is prepared once per session.
create function link_validation.add_link_health(link uuid, direction integer) returns void
language plpgsql as $$
begin
  insert into link_validation.link_health_deltas (day, bucket, delta)
  select day, bucket, sum(delta) * direction
  from (${contributionQuery('l.id = link')}) contribution
  group by day, bucket
  having sum(delta) <> 0;
end
$$;

create function link_validation.add_post_health(post uuid, direction integer) returns void
language plpgsql as $$
begin
  insert into link_validation.link_health_deltas (day, bucket, delta)
  select day, bucket, sum(delta) * direction
  from (${contributionQuery('l.post_id = post')}) contribution
  group by day, bucket
  having sum(delta) <> 0;
end
$$;

-- Rebuilds the whole log from the check history (the migration's backfill; a repair after check
-- rows were deleted by hand).
create function link_validation.rebuild_link_health_deltas() returns void
language sql as $$
  delete from link_validation.link_health_deltas;
  insert into link_validation.link_health_deltas (day, bucket, delta)
  select day, bucket, sum(delta)
  from (${contributionQuery('true')}) contribution
  group by day, bucket
  having sum(delta) <> 0;
$$;

-- Folds the log into one row per day and bucket. Rows written by transactions still running are
-- not in this statement's snapshot and stay as they are; two compactions at once cannot count a
-- row twice (the second skips rows the first deleted).
create function link_validation.compact_link_health_deltas() returns integer
language sql as $$
  with folded as (
    delete from link_validation.link_health_deltas returning day, bucket, delta
  ), kept as (
    insert into link_validation.link_health_deltas (day, bucket, delta)
    select day, bucket, sum(delta) from folded group by day, bucket having sum(delta) <> 0
    returning 1
  )
  select (select count(*) from folded)::integer - (select count(*) from kept)::integer
$$;

-- Per statement: the projection and bulk loads insert many links at once.
create function link_validation.link_health_on_links_inserted() returns trigger
language plpgsql as $$
begin
  insert into link_validation.link_health_deltas (day, bucket, delta)
  select (i.created_at at time zone 'UTC')::date, 'unknown', count(*)
  from inserted i join link_validation.posts p on p.id = i.post_id
  where p.deleted = false
  group by 1;
  return null;
end
$$;

-- Per row, before the delete, while the link's checks are still there. A link of a deleted or
-- removed post counts nowhere already (a post's removal takes its links back first).
create function link_validation.link_health_on_link_deleted() returns trigger
language plpgsql as $$
begin
  perform 1 from link_validation.posts p where p.id = old.post_id and p.deleted = false;
  if found then
    perform link_validation.add_link_health(old.id, -1);
  end if;
  return old;
end
$$;

create trigger link_health_on_links_inserted after insert on link_validation.links
  referencing new table as inserted
  for each statement execute function link_validation.link_health_on_links_inserted();
create trigger link_health_on_link_deleted before delete on link_validation.links
  for each row execute function link_validation.link_health_on_link_deleted();

create function link_validation.link_health_on_post_change() returns trigger
language plpgsql as $$
declare
  target_post uuid := case when tg_op = 'DELETE' then old.id else new.id end;
  direction integer := case when tg_op = 'UPDATE' and not new.deleted then 1 else -1 end;
begin
  perform link_validation.add_post_health(target_post, direction);
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

-- The contribution of a link reads its post as live: taken back before a post is deleted (or its
-- row removed, which removes its links after the row is gone), added after a post comes back.
create trigger link_health_on_post_deleted before update of deleted on link_validation.posts
  for each row when (not old.deleted and new.deleted)
  execute function link_validation.link_health_on_post_change();
create trigger link_health_on_post_removed before delete on link_validation.posts
  for each row when (not old.deleted)
  execute function link_validation.link_health_on_post_change();
create trigger link_health_on_post_restored after update of deleted on link_validation.posts
  for each row when (old.deleted and not new.deleted)
  execute function link_validation.link_health_on_post_change();

-- TRUNCATE fires no row triggers: links truncated (alone or with their posts) leave no link.
create function link_validation.link_health_on_truncate() returns trigger
language plpgsql as $$
begin
  delete from link_validation.link_health_deltas;
  return null;
end
$$;

create trigger link_health_on_links_truncated after truncate on link_validation.links
  for each statement execute function link_validation.link_health_on_truncate();

create function link_validation.link_health_on_check() returns trigger
language plpgsql as $$
declare
  born_day date;
  check_day date;
  next_day date;
  before_bucket text;
  after_bucket text := link_validation.health_bucket(new.link_status);
begin
  select (l.created_at at time zone 'UTC')::date into born_day
  from link_validation.links l join link_validation.posts p on p.id = l.post_id
  where l.id = new.link_id and p.deleted = false;
  if not found then
    return null;
  end if;
  check_day := greatest((new.checked_at at time zone 'UTC')::date, born_day);

  -- A later check on the same day decides that day and what follows: nothing changes.
  perform 1 from link_validation.link_checks c
  where c.link_id = new.link_id and c.id <> new.id
    and (c.checked_at > new.checked_at or (c.checked_at = new.checked_at and c.id > new.id))
    and c.checked_at < ((check_day + 1)::timestamp at time zone 'UTC');
  if found then
    return null;
  end if;

  select link_validation.health_bucket(c.link_status) into before_bucket
  from link_validation.link_checks c
  where c.link_id = new.link_id and c.id <> new.id
    and (c.checked_at < new.checked_at or (c.checked_at = new.checked_at and c.id < new.id))
  order by c.checked_at desc, c.id desc
  limit 1;
  before_bucket := coalesce(before_bucket, 'unknown');
  if before_bucket = after_bucket then
    return null;
  end if;

  select (c.checked_at at time zone 'UTC')::date into next_day
  from link_validation.link_checks c
  where c.link_id = new.link_id and c.checked_at >= ((check_day + 1)::timestamp at time zone 'UTC')
  order by c.checked_at
  limit 1;

  insert into link_validation.link_health_deltas (day, bucket, delta)
  values (check_day, after_bucket, 1), (check_day, before_bucket, -1);
  if next_day is not null then
    insert into link_validation.link_health_deltas (day, bucket, delta)
    values (next_day, after_bucket, -1), (next_day, before_bucket, 1);
  end if;
  return null;
end
$$;

create trigger link_health_on_check after insert on link_validation.link_checks
  for each row execute function link_validation.link_health_on_check();

select link_validation.rebuild_link_health_deltas();
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
drop trigger link_health_on_check on link_validation.link_checks;
drop trigger link_health_on_links_truncated on link_validation.links;
drop trigger link_health_on_post_deleted on link_validation.posts;
drop trigger link_health_on_post_removed on link_validation.posts;
drop trigger link_health_on_post_restored on link_validation.posts;
drop trigger link_health_on_link_deleted on link_validation.links;
drop trigger link_health_on_links_inserted on link_validation.links;
drop function link_validation.link_health_on_check();
drop function link_validation.link_health_on_truncate();
drop function link_validation.link_health_on_post_change();
drop function link_validation.link_health_on_link_deleted();
drop function link_validation.link_health_on_links_inserted();
drop function link_validation.compact_link_health_deltas();
drop function link_validation.rebuild_link_health_deltas();
drop function link_validation.add_post_health(uuid, integer);
drop function link_validation.add_link_health(uuid, integer);
drop table link_validation.link_health_deltas;
drop function link_validation.health_bucket(text);
`,
    )
    .execute(db);
}
