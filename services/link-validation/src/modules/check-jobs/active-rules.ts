import { normalizeRules, type NormalizedRule } from '@celebstyle/url-cleaning';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { listActiveRules } from '../rules/rules.service.ts';

/**
 * The active URL cleaning rules as the storefront applies them, read at most once per `ttlMs` by a
 * worker (a rule change reaches checks within that time, as it reaches shoppers through the
 * public read's cache).
 */
export function activeRulesCache(
  db: Kysely<Database>,
  ttlMs = 60_000,
): () => Promise<readonly NormalizedRule[]> {
  let cached: { at: number; rules: Promise<NormalizedRule[]> } | null = null;
  return async () => {
    if (!cached || Date.now() - cached.at > ttlMs) {
      const rules = listActiveRules({ db }).then((list) => normalizeRules(list));
      cached = { at: Date.now(), rules };
      rules.catch(() => {
        cached = null;
      });
    }
    return cached.rules;
  };
}
