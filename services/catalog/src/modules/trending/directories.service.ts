import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AggregateCache } from '../../lib/aggregate-cache.ts';
import { celebrityDirectory, showDirectory, type NameEntry } from './name-directory.repository.ts';

/** The celebrity and show directories, each computed once per data version (aggregate-cache.ts). */
export interface Directories {
  celebrities(): Promise<NameEntry[]>;
  shows(): Promise<NameEntry[]>;
}

export function cachedDirectories(db: Kysely<Database>, cache: AggregateCache): Directories {
  return {
    celebrities: () => cache.get('celebrity-directory', () => celebrityDirectory(db)),
    shows: () => cache.get('show-directory', () => showDirectory(db)),
  };
}
