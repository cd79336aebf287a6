import type { AdminRecord } from '@celebstyle/contracts';
import { PROFILE_READ_TIMEOUT_MS, PROFILE_RETRY_DELAYS_MS } from '../config/constants.ts';
import { adminRequest, ApiError } from './api-client.ts';
import { sleep } from './sleep.ts';

/** What the profile read at start found. */
export type ProfileAtStart =
  | { kind: 'signed-in'; admin: AdminRecord }
  /** The API refused the tokens (the session ended, the admin was deactivated): they are no good. */
  | { kind: 'refused' }
  /** The API did not answer, or answered with a server error, every time it was asked. */
  | { kind: 'unanswered' };

/** A refusal says something about the tokens; a time-out, a rate limit or a server error does not. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/**
 * admin.md §4: at start, with tokens, the profile is read; if that fails the admin is signed out.
 * A gateway that is restarting (no answer, a 5xx) is asked again after each of
 * PROFILE_RETRY_DELAYS_MS before the read counts as failed, so a reload during a deploy does not
 * end the admin's work. An ask unanswered after `timeoutMs` counts as no answer.
 */
export async function readProfileAtStart(
  wait = sleep,
  timeoutMs = PROFILE_READ_TIMEOUT_MS,
): Promise<ProfileAtStart> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      return { kind: 'signed-in', admin: await adminRequest<AdminRecord>('/admin/auth/profile', { signal }) };
    } catch (error) {
      if (isRefusal(error)) return { kind: 'refused' };
      const delay = PROFILE_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) return { kind: 'unanswered' };
      await wait(delay);
    }
  }
}
