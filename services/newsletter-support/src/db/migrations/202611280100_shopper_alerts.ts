/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> (kysely docs) */
import { sql, type Kysely } from 'kysely';

// Shopper alerts (back in stock, price drop): the addresses that asked (double opt-in once per
// address), the alerts, each alert's links with the price at subscription, and the notifications
// a link-health event fired, which the digest turns into one e-mail per address.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create schema if not exists alerts`.execute(db);
  await sql`
    create table alerts.addresses (
      id uuid primary key default gen_random_uuid(),
      email text not null unique,
      confirmed_at timestamptz,
      confirm_token_hash text unique,
      confirm_token_expires_at timestamptz,
      confirmation_sent_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table alerts.alerts (
      id uuid primary key default gen_random_uuid(),
      address_id uuid not null references alerts.addresses (id) on delete cascade,
      post_id uuid not null,
      link_id uuid,
      kind text not null check (kind in ('back_in_stock', 'price_drop')),
      target_price numeric(12, 2),
      post_title text not null,
      status text not null check (status in ('pending', 'active', 'ended', 'unsubscribed')),
      end_reason text check (end_reason in ('fired', 'expired')),
      created_at timestamptz not null default now(),
      confirmed_at timestamptz,
      expires_at timestamptz not null,
      ended_at timestamptz,
      last_notified_at timestamptz
    )`.execute(db);
  // One live alert per address, look, link (or whole look) and kind: asking again updates it.
  await sql`create unique index alerts_one_live_idx on alerts.alerts
    (address_id, post_id, coalesce(link_id, '00000000-0000-0000-0000-000000000000'::uuid), kind)
    where status in ('pending', 'active')`.execute(db);
  await sql`create index alerts_live_post_idx on alerts.alerts (post_id) where status = 'active'`.execute(db);
  await sql`
    create table alerts.alert_links (
      alert_id uuid not null references alerts.alerts (id) on delete cascade,
      link_id uuid not null,
      baseline_price numeric(12, 2),
      currency text,
      notified_price numeric(12, 2),
      primary key (alert_id, link_id)
    )`.execute(db);
  await sql`create index alert_links_link_idx on alerts.alert_links (link_id)`.execute(db);
  await sql`
    create table alerts.notifications (
      id bigint generated always as identity primary key,
      alert_id uuid not null references alerts.alerts (id) on delete cascade,
      address_id uuid not null references alerts.addresses (id) on delete cascade,
      event_key text not null,
      facts jsonb not null,
      created_at timestamptz not null default now(),
      outbox_id uuid,
      emailed_at timestamptz,
      unique (alert_id, event_key)
    )`.execute(db);
  await sql`create index notifications_pending_idx on alerts.notifications (address_id, id)
    where outbox_id is null`.execute(db);
  await sql`create index notifications_emailed_idx on alerts.notifications (emailed_at)
    where outbox_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop schema if exists alerts cascade`.execute(db);
}
