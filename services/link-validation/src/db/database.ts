import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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

/** The schema is named in every table, so no query depends on search_path. */
export interface Database {
  'link_validation.url_cleaning_rules': UrlCleaningRuleTable;
}

export type UrlCleaningRuleRow = Selectable<UrlCleaningRuleTable>;
