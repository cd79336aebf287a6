import { Type, type Static } from '@sinclair/typebox';
import { QueryInteger } from './query-integer.ts';

/**
 * Link health over time for the Link Validation Results screen: for each UTC day of the window
 * (oldest first, today last), how many links were in each of the stats' four groups at the end of
 * that day, by their latest check as of then. The groups are the stats' (link-health-and-routes.md
 * §3 Stats): active; broken = the Broken Links preset (§4.3); soldOut = sold_out; unknown = unknown
 * and links not checked yet.
 */
export const LinkHealthHistoryLimits = { daysDefault: 90, daysMax: 365 } as const;

export const LinkHealthHistoryQuery = Type.Object({
  days: QueryInteger({
    minimum: 1,
    maximum: LinkHealthHistoryLimits.daysMax,
    default: LinkHealthHistoryLimits.daysDefault,
  }),
});
export type LinkHealthHistoryQuery = Static<typeof LinkHealthHistoryQuery>;

export const LinkHealthDay = Type.Object({
  /** YYYY-MM-DD, a UTC day. */
  date: Type.String({ format: 'date' }),
  active: Type.Integer(),
  broken: Type.Integer(),
  soldOut: Type.Integer(),
  unknown: Type.Integer(),
  total: Type.Integer(),
});
export type LinkHealthDay = Static<typeof LinkHealthDay>;

export const LinkHealthHistoryAnswer = Type.Object({ days: Type.Array(LinkHealthDay) });
export type LinkHealthHistoryAnswer = Static<typeof LinkHealthHistoryAnswer>;

/**
 * GET /api/admin/link-validation/backlog (the console's Dashboard): links whose check is due and
 * not yet done, how many of them wait in the check queue, since when the oldest has been due, and
 * when the scheduler last queued due links and a link was last checked.
 */
export const LinkCheckBacklogAnswer = Type.Object({
  dueLinks: Type.Integer({ minimum: 0 }),
  queuedLinks: Type.Integer({ minimum: 0 }),
  oldestDueAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastSweepAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastCheckAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type LinkCheckBacklogAnswer = Static<typeof LinkCheckBacklogAnswer>;
