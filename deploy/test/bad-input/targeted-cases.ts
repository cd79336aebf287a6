import type { BadRequest } from './cases.ts';

export interface TargetedContext {
  /** A valid admin token. */
  authorization: string;
  /** An approved post (one the public API lists). */
  approvedPostId: string;
}

/**
 * Requests that are well formed but carry a value a route must refuse, each with the one status it
 * must answer: the refusals found by probes, kept here so that they stay refused.
 */
export function targetedCases(context: TargetedContext): BadRequest[] {
  const headers = { authorization: context.authorization, 'content-type': 'application/json' };
  const post = (path: string, body: unknown): BadRequest => ({
    kind: 'refused value',
    method: 'POST',
    path,
    headers,
    body: JSON.stringify(body),
    expectStatus: 400,
  });
  const publish = `/api/admin/posts/${context.approvedPostId}/publish-to-social`;
  return [
    // Platform names that are properties of every object are no configured account.
    ...['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((platform) =>
      post(publish, { caption: 'x', platforms: [platform] }),
    ),
  ];
}
