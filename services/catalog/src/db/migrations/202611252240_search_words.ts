/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// Typo-tolerant search (README, Post search). A misspelt term ('loubotin') is first expanded to real words
// ('louboutin') through a trigram index on this small dictionary of distinct words, then the stored
// search_vector's GIN index does the post search. Trigram-matching every post instead would cost a
// scan at 200,000 posts. Words come from the same fields and the same 'simple' parser as
// search_vector, so every expansion is a lexeme that can match. Words are never removed: a stale word
// only expands to a lexeme without hits. Statement-level triggers keep bulk inserts (the seed) cheap.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`set local search_path to catalog, public`.execute(db);

  // collate "C": the btree then serves prefix LIKE ('housewiv%').
  await sql`create table search_words (word text collate "C" primary key)`.execute(db);
  await sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`.execute(db);

  await sql`
    create function collect_search_words() returns trigger language plpgsql as $$
    begin
      insert into catalog.search_words (word)
      select distinct w
      from new_rows p,
        unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
          concat_ws(' ', p.title, p.celebrity, p.show, p.brand, p.product_type, p.description)))) as w
      where length(w) between 3 and 40
      on conflict do nothing;
      return null;
    end
    $$`.execute(db);
  // A trigger with transition tables takes one event, hence two triggers.
  await sql`create trigger posts_collect_search_words_insert after insert on posts
    referencing new table as new_rows for each statement execute function collect_search_words()`.execute(db);
  await sql`create trigger posts_collect_search_words_update after update on posts
    referencing new table as new_rows for each statement execute function collect_search_words()`.execute(db);

  await sql`
    insert into search_words (word)
    select distinct w
    from posts p,
      unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
        concat_ws(' ', p.title, p.celebrity, p.show, p.brand, p.product_type, p.description)))) as w
    where length(w) between 3 and 40
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`drop trigger if exists posts_collect_search_words_update on posts`.execute(db);
  await sql`drop trigger if exists posts_collect_search_words_insert on posts`.execute(db);
  await sql`drop function if exists collect_search_words()`.execute(db);
  await sql`drop table if exists search_words`.execute(db);
}
