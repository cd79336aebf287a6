import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** pg returns numeric and bigint as strings (exact); write numbers or strings. */
type Numeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;
/** @celebstyle/db parses bigint (int8) as a number. */
type BigIntColumn = ColumnType<number, number, number>;

export interface UrlCleaningRuleTable {
  id: Generated<string>;
  /** normalizeDomain() form: lowercase host without scheme, path, port or www. */
  domain: string;
  preserve_params: ColumnType<string[], string[] | undefined, string[]>;
  active: Generated<boolean>;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A catalog post as the post-changed events describe it (the projection). */
export interface PostTable {
  id: string;
  version: BigIntColumn;
  deleted: Generated<boolean>;
  title: Generated<string>;
  status: string;
  platform: string;
  celebrity: string;
  show: string;
  brand: string;
  product_type: string;
  main_image: string | null;
  enhanced_image: string | null;
  post_created_at: Timestamp;
  updated_at: Timestamp;
}

/** One affiliate link of a post: its current verdict and its schedule. */
export interface LinkTable {
  id: string;
  post_id: string;
  link_index: number;
  link_text: Generated<string>;
  original_url: string;
  catalog_real_url: string | null;
  clean_url: string | null;
  link_status: Generated<string>;
  /** 0 to 1. */
  confidence: Generated<number>;
  http_status: number | null;
  final_url: string | null;
  retailer: string | null;
  retailer_domain: string | null;
  stock_status: string | null;
  price: Numeric;
  currency: string | null;
  response_time: number | null;
  error_message: string | null;
  recommendation: string | null;
  validation_count: Generated<number>;
  /** Also in link_schedule (its indexes); the check writer writes both. */
  last_checked: NullableTimestamp;
  strikes: Generated<number>;
  error_streak: Generated<number>;
  status_changed_by: string | null;
  status_changed_at: NullableTimestamp;
  status_notes: string | null;
  overridden_status: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A link's schedule (migration 202611270600): a row per link, made by a trigger when the link is
 * inserted, removed with it. The post, status and recommendation are copies of the link's, kept by
 * a trigger, for the indexes that count posts by status or recommendation and check time.
 */
export interface LinkScheduleTable {
  link_id: string;
  next_check_at: Timestamp;
  last_checked: NullableTimestamp;
  /** The link's newest check row: its time and verdict (see same_bucket_as_previous). */
  newest_check_at: NullableTimestamp;
  newest_check_status: string | null;
  post_id: string;
  link_status: string;
  recommendation: string | null;
}

export interface LinkCheckTable {
  id: Generated<string>;
  link_id: string;
  checked_at: Timestamp;
  link_status: string;
  http_status: number | null;
  confidence: number;
  response_time: number | null;
  error_message: string | null;
  /**
   * The link's newest check, in the bucket of the check before it: no daily count changes, so the
   * history trigger is not called (migration 202611270600). Only the check writer sets it.
   */
  same_bucket_as_previous: Generated<boolean>;
}

export interface HealthOutboxTable {
  id: Generated<string>;
  payload: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

/**
 * Changes of the daily link-health counts (migration 202611260500): from `day` on, `delta` more
 * links are in `bucket`. Written by triggers, folded by the worker; read by the history route.
 */
export interface LinkHealthDeltaTable {
  id: Generated<string>;
  /** Written as YYYY-MM-DD; pg reads a date as a Date at local midnight, so queries format it in SQL. */
  day: ColumnType<Date, string, string>;
  bucket: 'active' | 'broken' | 'sold_out' | 'unknown';
  delta: number;
}

/** The schema is named in every table, so no query depends on search_path. */
export interface Database {
  'link_validation.url_cleaning_rules': UrlCleaningRuleTable;
  'link_validation.posts': PostTable;
  'link_validation.links': LinkTable;
  'link_validation.link_schedule': LinkScheduleTable;
  'link_validation.link_checks': LinkCheckTable;
  'link_validation.health_outbox': HealthOutboxTable;
  'link_validation.link_health_deltas': LinkHealthDeltaTable;
}

export type UrlCleaningRuleRow = Selectable<UrlCleaningRuleTable>;
export type PostRow = Selectable<PostTable>;
