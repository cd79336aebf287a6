/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// The catalog schema (docs/design.md, Data ownership). Frozen in time: imports nothing from the app.
// The migrator runs every pending migration in one transaction, so `set local` holds for this file.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`set local search_path to catalog, public`.execute(db);

  await sql`
    create table celebrities (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      slug text not null unique,
      description text,
      profile_image text,
      shows text[] not null default '{}',
      main_show text,
      network text,
      location text,
      description_generated boolean not null default false,
      last_updated timestamptz not null default now(),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index celebrities_lower_name_key on celebrities (lower(name))`.execute(db);

  await sql`
    create table shows (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      slug text not null unique,
      search_term text,
      network text,
      status text check (status in ('Running', 'Ended', 'To Be Determined', 'In Development')),
      genres text[] not null default '{}',
      summary text,
      original_image text,
      medium_image text,
      premiered date,
      tvmaze_id integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index shows_lower_name_key on shows (lower(name))`.execute(db);

  await sql`
    create table show_cast (
      id uuid primary key default gen_random_uuid(),
      show_id uuid not null references shows (id) on delete cascade,
      name text not null,
      image_original text,
      image_medium text,
      position integer not null,
      unique (show_id, position)
    )`.execute(db);

  // search_vector uses the 'simple' configuration: names (celebrities, shows, brands) must not be
  // stemmed, and typo/partial tolerance comes from pg_trgm rather than from English stemming.
  await sql`
    create table posts (
      id uuid primary key default gen_random_uuid(),
      title text not null,
      description text not null default '',
      main_image text,
      enhanced_image text,
      additional_images text[] not null default '{}',
      url text,
      categories text[] not null default '{}',
      date text,
      parsed_date timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      celebrity text not null,
      show text not null,
      brand text not null,
      product_type text not null,
      platform text not null check (platform in ('bigblondehair', 'wornontv')),
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'hidden')),
      is_top_pick boolean not null default false,
      view_count integer not null default 0,
      rejection_reason text,
      search_vector tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') ||
        setweight(to_tsvector('simple'::regconfig, coalesce(celebrity, '')), 'A') ||
        setweight(to_tsvector('simple'::regconfig, coalesce(show, '')), 'B') ||
        setweight(to_tsvector('simple'::regconfig, coalesce(brand, '')), 'B') ||
        setweight(to_tsvector('simple'::regconfig, coalesce(product_type, '')), 'C') ||
        setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'D')
      ) stored
    )`.execute(db);

  await sql`create index posts_search_vector_idx on posts using gin (search_vector)`.execute(db);
  // Trigram indexes: typo-tolerant search and partial name matching; the concatenation serves the
  // Fashion listing's substring search over title, celebrity, show and brand (storefront.md §5).
  await sql`create index posts_title_trgm_idx on posts using gin (lower(title) gin_trgm_ops)`.execute(db);
  await sql`create index posts_brand_trgm_idx on posts using gin (lower(brand) gin_trgm_ops)`.execute(db);
  await sql`create index posts_listing_text_trgm_idx on posts using gin
    (lower(title || ' ' || celebrity || ' ' || show || ' ' || brand) gin_trgm_ops)
    where status = 'approved'`.execute(db);

  // Public sorts, approved posts only (keyset pagination walks these).
  await sql`create index posts_approved_created_idx on posts (created_at desc, id desc) where status = 'approved'`.execute(
    db,
  );
  await sql`create index posts_approved_updated_idx on posts (updated_at desc, id desc) where status = 'approved'`.execute(
    db,
  );
  await sql`create index posts_approved_views_idx on posts (view_count desc, id desc) where status = 'approved'`.execute(
    db,
  );
  await sql`create index posts_approved_title_idx on posts (lower(title), id) where status = 'approved'`.execute(
    db,
  );
  await sql`create index posts_approved_top_pick_idx on posts (created_at desc, id desc) where status = 'approved' and is_top_pick`.execute(
    db,
  );

  // Filters and facets (celebrity and show pages match posts by lower(name)).
  await sql`create index posts_approved_celebrity_idx on posts (lower(celebrity), created_at desc, id desc) where status = 'approved'`.execute(
    db,
  );
  await sql`create index posts_approved_show_idx on posts (lower(show), created_at desc, id desc) where status = 'approved'`.execute(
    db,
  );
  await sql`create index posts_approved_brand_idx on posts (lower(brand)) where status = 'approved'`.execute(
    db,
  );
  await sql`create index posts_approved_product_type_idx on posts (lower(product_type)) where status = 'approved'`.execute(
    db,
  );
  // Admin moderation lists by status.
  await sql`create index posts_status_created_idx on posts (status, created_at desc, id desc)`.execute(db);

  await sql`
    create table affiliate_links (
      id uuid primary key default gen_random_uuid(),
      post_id uuid not null references posts (id) on delete cascade,
      position integer not null,
      text text not null,
      url text not null,
      real_url text,
      health_status text,
      health_checked_at timestamptz,
      unique (post_id, position)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`drop table if exists affiliate_links`.execute(db);
  await sql`drop table if exists posts`.execute(db);
  await sql`drop table if exists show_cast`.execute(db);
  await sql`drop table if exists shows`.execute(db);
  await sql`drop table if exists celebrities`.execute(db);
}
