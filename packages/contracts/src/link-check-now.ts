import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './uuid.ts';

/** "Check now" on one link of the Link Validation Results screen. */
export const LinkCheckNowParams = Type.Object({ linkId: Uuid() });
export type LinkCheckNowParams = Static<typeof LinkCheckNowParams>;

/**
 * 202 answer of a check-now request. queued counts the links put at the front of the check queue
 * by this request (a link already waiting for a check-now is not queued twice, so a repeated click
 * answers 0). The screen polls the post's link details until a link's lastChecked is after
 * requestedAt.
 */
export const LinkCheckNowAnswer = Type.Object({
  queued: Type.Integer({ minimum: 0 }),
  requestedAt: Type.String({ format: 'date-time' }),
});
export type LinkCheckNowAnswer = Static<typeof LinkCheckNowAnswer>;
