import type { LinkValidationFilterOptions } from '@celebstyle/contracts';

export interface FilterOptionsCache {
  get(load: () => Promise<LinkValidationFilterOptions>): Promise<LinkValidationFilterOptions>;
}

/**
 * The dropdown values change only when posts or retailers do, yet every results call answers
 * them: one read per maxAgeMs per process is enough (a new celebrity appears within that time).
 * Concurrent callers share one load; a failed load is not kept. maxAgeMs 0 reads every time.
 */
export function createFilterOptionsCache(maxAgeMs: number): FilterOptionsCache {
  let cached: { value: Promise<LinkValidationFilterOptions>; at: number } | null = null;
  return {
    get(load) {
      const now = Date.now();
      if (cached && now - cached.at < maxAgeMs) return cached.value;
      const value = load();
      const entry = { value, at: now };
      cached = entry;
      value.catch(() => {
        if (cached === entry) cached = null;
      });
      return value;
    },
  };
}
