export interface AnswerCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

/**
 * Reuses an answer for maxAgeMs per key (at most maxEntries keys, oldest dropped first).
 * Concurrent callers of one key share one load; a failed load is not kept. maxAgeMs 0 loads
 * every time.
 */
export function createAnswerCache<T>(maxAgeMs: number, maxEntries = 500): AnswerCache<T> {
  const entries = new Map<string, { value: Promise<T>; at: number }>();
  return {
    get(key, load) {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && now - cached.at < maxAgeMs) return cached.value;
      const value = load();
      const entry = { value, at: now };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
