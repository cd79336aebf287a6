/** Longest wait we accept from a Retry-After header (a shop asking for a week is treated as a day). */
const MAX_RETRY_AFTER_S = 24 * 60 * 60;

/** Seconds a Retry-After header (delta seconds or an HTTP date) asks for, or null. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), MAX_RETRY_AFTER_S);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, Math.ceil((date - now) / 1000)), MAX_RETRY_AFTER_S);
}
