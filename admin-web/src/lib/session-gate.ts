import type { AdminRecord } from '@celebstyle/contracts';

export type SessionState =
  { status: 'checking' } | { status: 'signed-out' } | { status: 'signed-in'; admin: AdminRecord };

type KnownSession = Exclude<SessionState, { status: 'checking' }>;

/**
 * The session as route loaders see it. They run outside React, before their screen renders, so
 * SessionProvider tells every change here as it makes it; a loader waits for a known session and
 * sends nothing while admin.md §4's profile check at start is still under way.
 */
let current: SessionState = { status: 'checking' };
let waiting: ((session: KnownSession) => void)[] = [];

export function publishSession(state: SessionState): void {
  current = state;
  if (state.status === 'checking') return;
  const resolvers = waiting;
  waiting = [];
  for (const resolve of resolvers) resolve(state);
}

/** The session once it is known: at once when it is, else when the profile check answers. */
export function knownSession(): Promise<KnownSession> {
  const now = current;
  if (now.status !== 'checking') return Promise.resolve(now);
  return new Promise((resolve) => waiting.push(resolve));
}
