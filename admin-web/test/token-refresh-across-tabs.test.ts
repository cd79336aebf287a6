import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  TOKEN_HANDOVER_WAIT_MS,
  TOKEN_REFRESH_LOCK,
} from '../src/config/constants.ts';
import { adminRequest, setSessionLostHandler } from '../src/lib/api-client.ts';
import { recordReplacedToken, wasReplaced } from '../src/lib/replaced-token-record.ts';
import { tokenStore } from '../src/lib/token-store.ts';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';

// one IndexedDB for the whole file, as every tab of a browser shares one; its reads are counted,
// so a test can wait until the code under test has asked
const storeGets = vi.spyOn(IDBObjectStore.prototype, 'get');
const indexedDb = {
  get reads() {
    return storeGets.mock.calls.length;
  },
};
beforeAll(() =>
  Object.defineProperty(globalThis, 'indexedDB', { value: new IDBFactory(), configurable: true }),
);
afterAll(() => Reflect.deleteProperty(globalThis, 'indexedDB'));

/** Web Locks with the one lock the console takes: callbacks run one at a time, in request order. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** What the browser tells this tab when another tab's write to local storage reaches it. */
function otherTabWrites(key: string, oldValue: string, newValue: string | null) {
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue }));
}

/** accounts: access-2 is the one valid access token; every refresh token sent is already spent. */
function stubAccounts() {
  const refreshTokensSent: string[] = [];
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const auth = new Headers(init.headers).get('authorization') ?? '';
      sent.push(`${url} ${auth}`);
      if (url.endsWith('/refresh')) {
        refreshTokensSent.push((JSON.parse(String(init.body)) as { refreshToken: string }).refreshToken);
        return Response.json({ message: 'Session ended' }, { status: 401 });
      }
      return auth === 'Bearer access-2' ? Response.json({ total: 20 }) : Response.json({}, { status: 401 });
    }),
  );
  return { refreshTokensSent, sent };
}

/** This tab signed in with access-1 and refresh-1, the accounts stub answering, session losses counted. */
function signedInTab() {
  tokenStore.save('access-1', 'refresh-1');
  const accounts = stubAccounts();
  const lost = vi.fn();
  setSessionLostHandler(lost);
  return { accounts, lost };
}

beforeEach(() => {
  Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  vi.unstubAllGlobals();
});

describe('the token refresh shared by tabs', () => {
  it("takes the tokens of another tab's refresh it waited for, before its local storage shows them", async () => {
    // this tab's local storage still shows the tokens the other tab is about to replace
    const { accounts, lost } = signedInTab();

    let finishOtherTab!: () => void;
    const otherTabRefreshing = new Promise<void>((resolve) => (finishOtherTab = resolve));
    const otherTab = navigator.locks.request(TOKEN_REFRESH_LOCK, async () => {
      await otherTabRefreshing;
      // its refresh replaced access-1; the new tokens are still on their way to this tab
      await recordReplacedToken('access-1');
    });
    const request = adminRequest('/admin/posts/stats');
    await vi.waitFor(() => expect(accounts.sent).toEqual(['/api/admin/posts/stats Bearer access-1']));
    finishOtherTab();
    await otherTab;
    // this tab has the lock now, and either asks whether its token was replaced or refreshes it
    const readsBefore = indexedDb.reads;
    await vi.waitFor(() =>
      expect(indexedDb.reads - readsBefore + accounts.refreshTokensSent.length).toBeGreaterThan(0),
    );
    otherTabWrites(REFRESH_TOKEN_STORAGE_KEY, 'refresh-1', 'refresh-2');
    otherTabWrites(ACCESS_TOKEN_STORAGE_KEY, 'access-1', 'access-2');

    const answer = await request.catch((error: unknown) => error);
    // refresh-1 is spent: sending it again would end the session of every tab
    expect(accounts.refreshTokensSent).toEqual([]);
    expect(answer).toEqual({ total: 20 });
    expect(accounts.sent.at(-1)).toBe('/api/admin/posts/stats Bearer access-2');
    expect(lost).not.toHaveBeenCalled();
  });

  it('is signed out, without refreshing, when the session ended in the tab that replaced its token', async () => {
    const { accounts, lost } = signedInTab();
    await recordReplacedToken('access-1');

    const readsBefore = indexedDb.reads;
    const request = adminRequest('/admin/posts/stats');
    await vi.waitFor(() => expect(indexedDb.reads).toBeGreaterThan(readsBefore));
    otherTabWrites(ACCESS_TOKEN_STORAGE_KEY, 'access-1', null);

    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(accounts.refreshTokensSent).toEqual([]);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting for the new tokens after a while: the request fails, the lock is free, no tab is signed out', async () => {
    const { accounts, lost } = signedInTab();
    await recordReplacedToken('access-1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const readsBefore = indexedDb.reads;
      const answer = adminRequest('/admin/posts/stats').catch((error: unknown) => error);
      await vi.waitFor(() => expect(indexedDb.reads).toBeGreaterThan(readsBefore));
      // the new tokens never reach this tab's local storage
      await vi.advanceTimersByTimeAsync(TOKEN_HANDOVER_WAIT_MS);

      expect(await answer).toMatchObject({ status: 401 });
      expect(accounts.refreshTokensSent).toEqual([]);
      expect(lost).not.toHaveBeenCalled();
      expect(tokenStore.access()).toBe('access-1');
      expect(await navigator.locks.request(TOKEN_REFRESH_LOCK, async () => 'free')).toBe('free');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes when no tab has replaced its token, and notes the token it replaced for the others', async () => {
    tokenStore.save('access-0', 'refresh-0');
    const refreshTokensSent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.endsWith('/refresh')) {
          refreshTokensSent.push((JSON.parse(String(init.body)) as { refreshToken: string }).refreshToken);
          return Response.json({ accessToken: 'access-3', refreshToken: 'refresh-3' });
        }
        const auth = new Headers(init.headers).get('authorization');
        return auth === 'Bearer access-3' ? Response.json({ total: 20 }) : Response.json({}, { status: 401 });
      }),
    );

    expect(await adminRequest('/admin/posts/stats')).toEqual({ total: 20 });
    expect(refreshTokensSent).toEqual(['refresh-0']);
    expect(await wasReplaced('access-0')).toBe(true);
    expect(tokenStore.access()).toBe('access-3');
  });
});
