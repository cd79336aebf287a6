import type { AdminCredentials } from './dev-secrets.ts';

export type AdminSignIn = 'signs-in' | 'refused' | 'not-checked';

/**
 * Whether the credentials the launcher prints really sign in. They are written once per checkout
 * (.data/admin-credentials.json) but the first super admin is created only in a database without
 * admins, so a second checkout sharing the machine's database gets a password that was never stored.
 * The check signs in through the gateway and signs straight out, leaving no session behind.
 */
export async function checkAdminSignIn(gatewayUrl: string, admin: AdminCredentials): Promise<AdminSignIn> {
  try {
    const login = await fetch(`${gatewayUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.username, password: admin.password }),
      signal: AbortSignal.timeout(10_000),
    });
    if (login.status === 401) return 'refused';
    if (!login.ok) return 'not-checked';
    const { accessToken, refreshToken } = (await login.json()) as {
      accessToken: string;
      refreshToken: string;
    };
    await fetch(`${gatewayUrl}/api/admin/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ refreshToken }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    return 'signs-in';
  } catch {
    return 'not-checked';
  }
}

/** What the launcher prints about the admin console, for each outcome of the check. */
export function adminConsoleLines(
  consoleUrl: string,
  admin: AdminCredentials,
  signIn: AdminSignIn,
  bold: (text: string) => string = (text) => text,
): string[] {
  if (signIn === 'refused')
    return [
      `admin console: ${consoleUrl}  -- the database already had admins before this checkout wrote`,
      `  .data/admin-credentials.json, so user ${admin.username} does not sign in with that password.`,
      `  Give ${admin.username} a new one: npm run admin -w @celebstyle/accounts -- reset --username ${admin.username}`,
      '  or start on an empty database: DATABASE_URL=postgres://postgres@127.0.0.1:5432/another npm start',
    ];
  return [`admin console: ${consoleUrl}  user ${bold(admin.username)}  password ${bold(admin.password)}`];
}
