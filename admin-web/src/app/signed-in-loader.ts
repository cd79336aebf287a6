import type { AdminRecord } from '@celebstyle/contracts';
import type { LoaderFunction } from 'react-router';
import { knownSession } from '../lib/session-gate.ts';

/**
 * A loader that starts a screen's first reads (`prefetch`, through the query client) once the
 * session is known, and only for an admin RequireAdmin lets in: signed out, inactive or, on a
 * super admin's route, a plain admin, it sends nothing and the guard decides what is shown. It does
 * not wait for the reads: the screen renders at once and its queries join the calls already under
 * way, so nothing is asked twice. A 401 goes through adminFetch's one refresh; when that fails the
 * session ends and RequireAdmin sends the admin to sign in with the whole address kept.
 */
export function signedInLoader(
  prefetch: (url: URL, admin: AdminRecord) => void,
  { superAdmin = false }: { superAdmin?: boolean } = {},
): LoaderFunction {
  return async ({ request }) => {
    const session = await knownSession();
    if (session.status !== 'signed-in') return null;
    const { admin } = session;
    if (admin.isActive && (!superAdmin || admin.role === 'super_admin'))
      prefetch(new URL(request.url), admin);
    return null;
  };
}
