import type { AlertTargetAnswer } from '@celebstyle/contracts';
import { AppError } from '@celebstyle/service-kit';
import { ErrorCode } from '@celebstyle/contracts';

/** A look and its links' current offers, from link-validation (docs/design.md, How services talk). */
export interface AlertTargets {
  /** null when no live, approved look has this id. */
  find(postId: string): Promise<AlertTargetAnswer | null>;
}

const unavailable = () =>
  new AppError(
    503,
    ErrorCode.serviceUnavailable,
    'Alerts are unavailable right now. Please try again later.',
  );

/**
 * link-validation's internal route GET /internal/alert-targets/{postId}. It holds the look's links
 * and their prices; reading its tables would tie the two services' schemas together.
 */
export function httpAlertTargets(baseUrl: string, timeoutMs = 3_000): AlertTargets {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async find(postId) {
      let response: Response;
      try {
        response = await fetch(`${base}/internal/alert-targets/${encodeURIComponent(postId)}`, {
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw unavailable();
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw unavailable();
      }
      return (await response.json()) as AlertTargetAnswer;
    },
  };
}
