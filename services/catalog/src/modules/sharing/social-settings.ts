/** Where and as whom the catalog publishes to social networks (the Late API). */
export interface SocialPublishingSettings {
  apiKey: string;
  /** The API's base URL; undefined: the SDK's own default. */
  baseUrl: string | undefined;
  /**
   * platform → Late account id (LATE_ACCOUNT_IDS 'instagram=acc_1,facebook=acc_2'). A Map, because
   * platform names come from request bodies: on a plain object `constructor` or `__proto__` would
   * find an inherited value and pass for a configured account.
   */
  accountIds: ReadonlyMap<string, string>;
  timeoutMs: number;
}

/** Reads LATE_ACCOUNT_IDS: comma-separated platform=accountId pairs; throws on a malformed pair. */
export function parseAccountIds(text: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of (text ?? '').split(',')) {
    if (part.trim() === '') continue;
    const match = /^\s*([a-z]+)\s*=\s*(\S+)\s*$/i.exec(part);
    if (!match) throw new Error(`LATE_ACCOUNT_IDS: expected platform=accountId, got "${part.trim()}"`);
    pairs.set(match[1]!.toLowerCase(), match[2]!);
  }
  return pairs;
}

/** Publishing is configured only with a key and at least one account; otherwise null. */
export function socialPublishingSettings(env: {
  LATE_API_KEY?: string;
  LATE_API_BASE_URL?: string;
  LATE_ACCOUNT_IDS?: string;
}): SocialPublishingSettings | null {
  const apiKey = env.LATE_API_KEY?.trim();
  const accountIds = parseAccountIds(env.LATE_ACCOUNT_IDS);
  if (!apiKey || accountIds.size === 0) return null;
  return {
    apiKey,
    baseUrl: env.LATE_API_BASE_URL?.trim().replace(/\/+$/, '') || undefined,
    accountIds,
    timeoutMs: 20_000,
  };
}
