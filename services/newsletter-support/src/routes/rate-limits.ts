export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

/** The public write routes' limits (README, Rules); the service context carries them. */
export interface PublicRateLimits {
  subscribe: RateLimitRule;
  support: RateLimitRule;
}

/** Per client address: a person subscribes or writes a few times, a script hundreds. */
export const DEFAULT_RATE_LIMITS: PublicRateLimits = {
  subscribe: { max: 10, timeWindow: 15 * 60_000 },
  support: { max: 5, timeWindow: 60 * 60_000 },
};
