import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminRequest, setSessionLostHandler } from '../src/lib/api-client.ts';
import { tokenStore } from '../src/lib/token-store.ts';

afterEach(() => vi.unstubAllGlobals());

describe('adminRequest', () => {
  it('refreshes once on a 401 and retries with the new token', async () => {
    tokenStore.save('old', 'refresh-1');
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        seen.push(`${url} ${new Headers(init.headers).get('authorization') ?? ''}`);
        if (url.endsWith('/refresh')) return Response.json({ accessToken: 'new', refreshToken: 'refresh-2' });
        const auth = new Headers(init.headers).get('authorization');
        return auth === 'Bearer new' ? Response.json({ total: 3 }) : Response.json({}, { status: 401 });
      }),
    );
    expect(await adminRequest('/admin/accounts/stats')).toEqual({ total: 3 });
    expect(seen).toEqual([
      '/api/admin/accounts/stats Bearer old',
      '/api/admin/auth/refresh ',
      '/api/admin/accounts/stats Bearer new',
    ]);
    expect(tokenStore.refresh()).toBe('refresh-2');
  });

  it('clears the tokens and reports the lost session when the refresh fails', async () => {
    tokenStore.save('old', 'refresh-1');
    const lost = vi.fn();
    setSessionLostHandler(lost);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'nope' }, { status: 401 })),
    );
    await expect(adminRequest('/admin/accounts/stats')).rejects.toThrow('nope');
    expect(lost).toHaveBeenCalledTimes(1);
    expect(tokenStore.access()).toBeNull();
  });
});
