/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// Prices and stock where shoppers look (README, Prices). Each link keeps the offer link-validation's
// last event named (stock words, price, currency, retailer). Each post keeps its card's offer: the
// first link by position that is active, buyable and priced, and whether every link is known to be
// unbuyable (sold out). The post's columns are derived from its links by statement-level triggers,
// so every writer (link health, admin edits, imports, the seed) keeps them right, and the Fashion
// listing filters and sorts by price through an index instead of reading 200,000 posts' links.
//
// Unpriced posts sort last both ways: each order has its own expression (+∞ or −∞ for no price).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`alter table affiliate_links
    add column stock_status text,
    add column price numeric(12, 2),
    add column currency text,
    add column retailer text`.execute(db);
  await sql`alter table posts
    add column offer_link_id uuid,
    add column offer_price numeric(12, 2),
    add column offer_currency text,
    add column sold_out boolean not null default false`.execute(db);

  await sql`
    create function refresh_post_offers(post_ids uuid[]) returns void language plpgsql as $$
    begin
      -- Lock the posts first: this function's next statement then reads the links as committed by
      -- any transaction that held them, so two links of one post changed at once both count.
      -- (a join, not id = any(post_ids): a bulk statement's thousands of ids stay a hash join)
      perform 1 from catalog.posts p join unnest(post_ids) as ids(id) on p.id = ids.id
        order by p.id for update of p;
      update catalog.posts p set
        offer_link_id = o.link_id, offer_price = o.price, offer_currency = o.currency, sold_out = o.sold_out
      from (
        select ids.id as post_id, first_offer.id as link_id, first_offer.price, first_offer.currency,
          coalesce(state.sold_out, false) as sold_out
        from unnest(post_ids) as ids(id)
        left join lateral (
          select l.id, l.price, l.currency from catalog.affiliate_links l
          where l.post_id = ids.id and l.url <> '#' and l.health_status = 'active'
            and (l.stock_status is null or l.stock_status in ('in_stock', 'limited', 'preorder', 'backorder'))
            and l.price is not null and l.currency is not null
          order by l.position limit 1) first_offer on true
        left join lateral (
          -- an unchecked link (null) may be buyable: the post is then not sold out
          select bool_and(coalesce(
                   l.health_status in ('sold_out', '404', 'invalid', 'product_removed', 'redirect_error')
                   or l.stock_status not in ('in_stock', 'limited', 'preorder', 'backorder'), false)) as sold_out
          from catalog.affiliate_links l where l.post_id = ids.id and l.url <> '#') state on true
      ) o
      where p.id = o.post_id
        and (p.offer_link_id, p.offer_price, p.offer_currency, p.sold_out)
            is distinct from (o.link_id, o.price, o.currency, o.sold_out);
    end
    $$`.execute(db);
  await sql`
    create function refresh_post_offers_of_new_links() returns trigger language plpgsql as $$
    begin
      perform catalog.refresh_post_offers(array(select distinct post_id from new_rows));
      return null;
    end
    $$`.execute(db);
  await sql`
    create function refresh_post_offers_of_old_links() returns trigger language plpgsql as $$
    begin
      perform catalog.refresh_post_offers(array(select distinct post_id from old_rows));
      return null;
    end
    $$`.execute(db);
  // A trigger with transition tables takes one event, hence three triggers.
  await sql`create trigger affiliate_links_offer_insert after insert on affiliate_links
    referencing new table as new_rows for each statement execute function refresh_post_offers_of_new_links()`.execute(
    db,
  );
  await sql`create trigger affiliate_links_offer_update after update on affiliate_links
    referencing new table as new_rows for each statement execute function refresh_post_offers_of_new_links()`.execute(
    db,
  );
  await sql`create trigger affiliate_links_offer_delete after delete on affiliate_links
    referencing old table as old_rows for each statement execute function refresh_post_offers_of_old_links()`.execute(
    db,
  );
  // One statement over every checked post: longer than a request's statement timeout on a big catalogue.
  await sql`set local statement_timeout = 0`.execute(db);
  await sql`select refresh_post_offers(array(
    select distinct post_id from affiliate_links where health_status is not null))`.execute(db);

  await sql`create index posts_approved_price_asc_idx
    on posts ((coalesce(offer_price, 'Infinity'::numeric)), id) where status = 'approved'`.execute(db);
  await sql`create index posts_approved_price_desc_idx
    on posts ((coalesce(offer_price, '-Infinity'::numeric)), id) where status = 'approved'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local search_path to catalog, public`.execute(db);
  await sql`drop index if exists posts_approved_price_desc_idx`.execute(db);
  await sql`drop index if exists posts_approved_price_asc_idx`.execute(db);
  await sql`drop trigger if exists affiliate_links_offer_delete on affiliate_links`.execute(db);
  await sql`drop trigger if exists affiliate_links_offer_update on affiliate_links`.execute(db);
  await sql`drop trigger if exists affiliate_links_offer_insert on affiliate_links`.execute(db);
  await sql`drop function if exists refresh_post_offers_of_old_links()`.execute(db);
  await sql`drop function if exists refresh_post_offers_of_new_links()`.execute(db);
  await sql`drop function if exists refresh_post_offers(uuid[])`.execute(db);
  await sql`alter table posts drop column if exists offer_link_id, drop column if exists offer_price,
    drop column if exists offer_currency, drop column if exists sold_out`.execute(db);
  await sql`alter table affiliate_links drop column if exists stock_status, drop column if exists price,
    drop column if exists currency, drop column if exists retailer`.execute(db);
}
