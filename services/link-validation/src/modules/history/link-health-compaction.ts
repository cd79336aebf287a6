/** Maintenance job that folds the daily-count change log (link-health-history.repository.ts). */
export const COMPACT_HEALTH_HISTORY_JOB = 'compact-link-health-history';
export const COMPACT_HEALTH_HISTORY_EVERY_MS = 10 * 60_000;
