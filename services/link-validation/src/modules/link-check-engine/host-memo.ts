import { LRUCache } from 'lru-cache';

/** Host names remembered by each memo: the retailers a worker checks, with room to spare. */
const MAX_HOSTS = 10_000;

/**
 * A pure function of a host name (a public suffix list lookup), remembered for the host names met
 * most recently: a worker checks the same retailers' hosts over and over, and the lookup costs more
 * than the rest of a check's bookkeeping.
 */
export function perHost<T extends NonNullable<unknown>>(
  compute: (hostname: string) => T,
): (hostname: string) => T {
  const cache = new LRUCache<string, T>({ max: MAX_HOSTS });
  return (hostname) => {
    let value = cache.get(hostname);
    if (value === undefined) {
      value = compute(hostname);
      cache.set(hostname, value);
    }
    return value;
  };
}
