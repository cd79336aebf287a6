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

  it('lets concurrent 401s wait for one refresh, each retrying once with the new token', async () => {
    tokenStore.save('old', 'refresh-1');
    const seen: string[] = [];
    let refreshes = 0;
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('authorization') ?? '';
        seen.push(`${url} ${auth}`);
        if (url.endsWith('/refresh')) {
          refreshes += 1;
          // the accounts service rotates refresh tokens: a second use of refresh-1 is reuse
          if (JSON.parse(String(init.body)).refreshToken !== 'refresh-1') {
            return Response.json({ message: 'reused' }, { status: 401 });
          }
          await refreshGate;
          return Response.json({ accessToken: 'new', refreshToken: 'refresh-2' });
        }
        return auth === 'Bearer new' ? Response.json({ url }) : Response.json({}, { status: 401 });
      }),
    );
    const lost = vi.fn();
    setSessionLostHandler(lost);

    const first = adminRequest('/admin/posts/stats');
    const second = adminRequest('/admin/accounts/stats');
    // both have met their 401 before the refresh answers
    await vi.waitFor(() => expect(seen.filter((line) => line.endsWith('Bearer old'))).toHaveLength(2));
    releaseRefresh();

    expect(await Promise.all([first, second])).toEqual([
      { url: '/api/admin/posts/stats' },
      { url: '/api/admin/accounts/stats' },
    ]);
    expect(refreshes).toBe(1);
    expect(seen.filter((line) => line.endsWith('Bearer new')).sort()).toEqual([
      '/api/admin/accounts/stats Bearer new',
      '/api/admin/posts/stats Bearer new',
    ]);
    expect(lost).not.toHaveBeenCalled();
    expect(tokenStore.access()).toBe('new');
    expect(tokenStore.refresh()).toBe('refresh-2');
  });

  it('reports a lost session once when the one shared refresh fails', async () => {
    tokenStore.save('old', 'refresh-1');
    const lost = vi.fn();
    setSessionLostHandler(lost);
    let refreshes = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/refresh')) refreshes += 1;
        return Response.json({ message: 'Session expired' }, { status: 401 });
      }),
    );
    const results = await Promise.allSettled([
      adminRequest('/admin/posts/stats'),
      adminRequest('/admin/accounts/stats'),
      adminRequest('/admin/support/stats'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(refreshes).toBe(1);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(tokenStore.access()).toBeNull();
    expect(tokenStore.refresh()).toBeNull();
  });

  it('retries with the token another request already refreshed, without refreshing again', async () => {
    tokenStore.save('old', 'refresh-1');
    let refreshes = 0;
    let answerLate!: () => void;
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('authorization');
        if (url.endsWith('/refresh')) {
          refreshes += 1;
          return Response.json({ accessToken: 'new', refreshToken: 'refresh-2' });
        }
        // the slow request's 401 arrives only after the other request has refreshed
        if (url.endsWith('/slow') && auth === 'Bearer old') {
          await late;
          return Response.json({}, { status: 401 });
        }
        return auth === 'Bearer new' ? Response.json({ url }) : Response.json({}, { status: 401 });
      }),
    );
    const slow = adminRequest('/slow');
    expect(await adminRequest('/fast')).toEqual({ url: '/api/fast' });
    answerLate();
    expect(await slow).toEqual({ url: '/api/slow' });
    expect(refreshes).toBe(1);
  });
});
