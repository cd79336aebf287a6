/** Where and as whom the catalog publishes to social networks (the Late API). */
export interface SocialPublishingSettings {
  apiKey: string;
  /** The API's base URL; undefined: the SDK's own default. */
  baseUrl: string | undefined;
  /** platform → Late account id (LATE_ACCOUNT_IDS 'instagram=acc_1,facebook=acc_2'). */
  accountIds: Record<string, string>;
  timeoutMs: number;
}

/** Reads LATE_ACCOUNT_IDS: comma-separated platform=accountId pairs; throws on a malformed pair. */
export function parseAccountIds(text: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const part of (text ?? '').split(',')) {
    if (part.trim() === '') continue;
    const match = /^\s*([a-z]+)\s*=\s*(\S+)\s*$/i.exec(part);
    if (!match) throw new Error(`LATE_ACCOUNT_IDS: expected platform=accountId, got "${part.trim()}"`);
    pairs[match[1]!.toLowerCase()] = match[2]!;
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
  if (!apiKey || Object.keys(accountIds).length === 0) return null;
  return {
    apiKey,
    baseUrl: env.LATE_API_BASE_URL?.trim().replace(/\/+$/, '') || undefined,
    accountIds,
    timeoutMs: 20_000,
  };
}
