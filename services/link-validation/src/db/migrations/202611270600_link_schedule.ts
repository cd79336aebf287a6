/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

/**
 * A check's write made cheap: the columns a check changes every time and that indexes need
 * (`next_check_at`, `last_checked`) get a narrow table of their own, `link_schedule`, one row per
 * link. A check's update of its `links` row then changes no indexed column unless the verdict,
 * retailer, addresses or recommendation changed, so it is a HOT update (no index of `links`, the
 * trigram search index included, gets an entry) with room left on the page by the fillfactor.
 *
 * The schedule row also holds copies of the link's post, status and recommendation, so the indexes
 * that count posts by status or recommendation and check time sit beside `last_checked`.
 * `last_checked` stays on `links` for the result rows; the check writer writes both. Triggers keep
 * the rest whoever writes: a link inserted gets its row (due at once), a link whose post, status or
 * recommendation changed updates its copies (a row trigger with a WHEN clause, so an update that
 * changes none of them calls nothing), a link deleted loses its row by the foreign key's cascade.
 *
 * The history's row trigger (link_health_on_check, migration 202611260500) is not called for a check
 * row that cannot change a daily count, which is most of them (below).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
create table link_validation.link_schedule (
  link_id uuid primary key references link_validation.links (id) on delete cascade,
  -- Milliseconds, as check jobs carry it (due-links.ts compares the two).
  next_check_at timestamptz not null default date_trunc('milliseconds', now()),
  last_checked timestamptz,
  -- The link's newest check row (link_checks): its time and its verdict.
  newest_check_at timestamptz,
  newest_check_status text,
  post_id uuid not null,
  link_status text not null,
  recommendation text
);

insert into link_validation.link_schedule (link_id, next_check_at, last_checked, post_id, link_status, recommendation)
select id, next_check_at, last_checked, post_id, link_status, recommendation from link_validation.links;
update link_validation.link_schedule s set newest_check_at = c.checked_at, newest_check_status = c.link_status
from (
  select distinct on (link_id) link_id, checked_at, link_status from link_validation.link_checks
  order by link_id, checked_at desc, id desc
) c
where c.link_id = s.link_id;

create index link_schedule_due_idx on link_validation.link_schedule (next_check_at, link_id);
create index link_schedule_status_checked_idx on link_validation.link_schedule (link_status, last_checked)
  include (post_id);
create index link_schedule_recommendation_idx on link_validation.link_schedule (recommendation, post_id, last_checked)
  where recommendation is not null;

drop index link_validation.links_due_idx;
drop index link_validation.links_status_checked_idx;
drop index link_validation.links_recommendation_post_idx;
alter table link_validation.links drop column next_check_at;
-- Room on each page for the new version of a row, so that an update can stay on its page (HOT).
alter table link_validation.links set (fillfactor = 80);

create function link_validation.link_schedule_on_links_inserted() returns trigger
language plpgsql as $$
begin
  insert into link_validation.link_schedule (link_id, last_checked, post_id, link_status, recommendation)
  select id, last_checked, post_id, link_status, recommendation from new_links;
  return null;
end
$$;

create trigger link_schedule_on_links_inserted after insert on link_validation.links
  referencing new table as new_links
  for each statement execute function link_validation.link_schedule_on_links_inserted();

create function link_validation.link_schedule_on_link_changed() returns trigger
language plpgsql as $$
begin
  update link_validation.link_schedule
  set post_id = new.post_id, link_status = new.link_status, recommendation = new.recommendation
  where link_id = new.id;
  return null;
end
$$;

create trigger link_schedule_on_link_changed
  after update of post_id, link_status, recommendation on link_validation.links
  for each row when (old.post_id is distinct from new.post_id
    or old.link_status is distinct from new.link_status
    or old.recommendation is distinct from new.recommendation)
  execute function link_validation.link_schedule_on_link_changed();

-- A check row that is its link's newest and in the bucket of the one before it changes no daily
-- count (link_health_on_check would find nothing to do); the check writer says so from the
-- schedule row's newest check, so the trigger is not called for it. Any other check row (another
-- bucket, a first check, a row inserted by hand) calls it, and keeps the newest check up to date.
alter table link_validation.link_checks add column same_bucket_as_previous boolean not null default false;
drop trigger link_health_on_check on link_validation.link_checks;
create trigger link_health_on_check after insert on link_validation.link_checks
  for each row when (not new.same_bucket_as_previous)
  execute function link_validation.link_health_on_check();

create function link_validation.link_schedule_on_check() returns trigger
language plpgsql as $$
begin
  update link_validation.link_schedule
  set newest_check_at = new.checked_at, newest_check_status = new.link_status
  where link_id = new.link_id and (newest_check_at is null or newest_check_at < new.checked_at);
  return null;
end
$$;

create trigger link_schedule_on_check after insert on link_validation.link_checks
  for each row when (not new.same_bucket_as_previous)
  execute function link_validation.link_schedule_on_check();
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
drop trigger link_schedule_on_check on link_validation.link_checks;
drop function link_validation.link_schedule_on_check();
drop trigger link_health_on_check on link_validation.link_checks;
create trigger link_health_on_check after insert on link_validation.link_checks
  for each row execute function link_validation.link_health_on_check();
alter table link_validation.link_checks drop column same_bucket_as_previous;

drop trigger link_schedule_on_link_changed on link_validation.links;
drop trigger link_schedule_on_links_inserted on link_validation.links;
drop function link_validation.link_schedule_on_link_changed();
drop function link_validation.link_schedule_on_links_inserted();

alter table link_validation.links reset (fillfactor);
alter table link_validation.links add column next_check_at timestamptz not null
  default date_trunc('milliseconds', now());
update link_validation.links l set next_check_at = s.next_check_at
from link_validation.link_schedule s where s.link_id = l.id;
create index links_due_idx on link_validation.links (next_check_at);
create index links_status_checked_idx on link_validation.links (link_status, last_checked) include (post_id);
create index links_recommendation_post_idx on link_validation.links (recommendation, post_id, last_checked)
  where recommendation is not null;

drop table link_validation.link_schedule;
`,
    )
    .execute(db);
}
