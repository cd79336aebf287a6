import type { BadRequest } from './cases.ts';

export interface TargetedContext {
  /** A valid admin token. */
  authorization: string;
  /** An approved post (one the public API lists). */
  approvedPostId: string;
  /** The signed-in super admin's id. */
  adminId: string;
}

/**
 * Requests that are well formed but carry a value a route must refuse, each with the one status it
 * must answer: the refusals found by probes, kept here so that they stay refused.
 */
export function targetedCases(context: TargetedContext): BadRequest[] {
  const headers = { authorization: context.authorization, 'content-type': 'application/json' };
  const send = (method: string, path: string, body: unknown): BadRequest => ({
    kind: 'refused value',
    method,
    path,
    headers,
    body: JSON.stringify(body),
    expectStatus: 400,
  });
  const post = (path: string, body: unknown) => send('POST', path, body);
  const put = (path: string, body: unknown) => send('PUT', path, body);
  const publish = `/api/admin/posts/${context.approvedPostId}/publish-to-social`;
  const edit = `/api/admin/posts/${context.approvedPostId}`;
  return [
    // A body-less PUT with Content-Type: application/json reaches the route: approving an approved
    // post is its own refusal (409), not Fastify's 400 for an empty JSON body.
    {
      kind: 'empty body',
      method: 'PUT',
      path: `/api/admin/posts/${context.approvedPostId}/approve`,
      headers,
      expectStatus: 409,
    },
    // Media types are case-insensitive: the import reads this as JSON and skips the empty row.
    {
      kind: 'content type',
      method: 'POST',
      path: '/api/admin/posts/import',
      headers: { ...headers, 'content-type': 'Application/JSON; charset=UTF-8' },
      body: '[{}]',
      expectStatus: 200,
    },
    // Passwords on the common list, patterns, or holding the username or e-mail (ASVS 6.2).
    ...['password', '12345678', 'aaaaaaaa', 'sweep-weak-2026'].map((password) =>
      post('/api/admin/accounts', { username: 'sweep-weak', email: 'sweep@example.com', password }),
    ),
    put(`/api/admin/accounts/${context.adminId}/reset-password`, { newPassword: '12345678' }),
    put('/api/admin/auth/password', { currentPassword: 'unused', newPassword: 'password' }),
    // Addresses that are not http(s) (or, for images, a path on this site) are stored by no write.
    put(edit, { mainImage: 'javascript:alert(1)' }),
    put(edit, { enhancedImage: 'data:image/svg+xml,<svg onload=alert(1)>' }),
    put(edit, { additionalImages: ['//evil.example/x.jpg'] }),
    put(edit, { affiliateLinks: [{ text: 'x', url: 'data:text/html,<script>alert(1)</script>' }] }),
    put(edit, { affiliateLinks: [{ text: 'x', url: '#', realUrl: 'java\tscript:alert(1)' }] }),
    // Platform names that are properties of every object are no configured account.
    ...['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((platform) =>
      post(publish, { caption: 'x', platforms: [platform] }),
    ),
  ];
}
