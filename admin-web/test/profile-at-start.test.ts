import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '../src/config/constants.ts';
import { readProfileAtStart } from '../src/lib/profile-at-start.ts';
import { adminRecord } from './admin-record.ts';

const admin = adminRecord();

/** The profile answers in turn (an Error is a request that got no answer); a refresh is refused. */
function profileAnswers(...answers: (number | Error)[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/api/admin/auth/refresh') return Response.json({ message: 'ended' }, { status: 401 });
      const answer = answers.shift() ?? 200;
      if (answer instanceof Error) throw answer;
      return answer === 200 ? Response.json(admin) : Response.json({ message: 'no' }, { status: answer });
    }),
  );
  return asked;
}

function signedInTokens() {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access-1');
  localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-1');
}

afterEach(() => vi.unstubAllGlobals());

describe('the profile read when the console starts', () => {
  it('asks again while the gateway does not answer or answers a server error, and signs in once it answers', async () => {
    signedInTokens();
    profileAnswers(new TypeError('Failed to fetch'), 502);
    const waited: number[] = [];
    const found = await readProfileAtStart(async (ms) => void waited.push(ms));
    expect(found).toEqual({ kind: 'signed-in', admin });
    expect(waited).toEqual([1_000, 3_000]);
  });

  it('gives up after three asks without an answer, and leaves the tokens alone', async () => {
    signedInTokens();
    const asked = profileAnswers(503, 503, 503, 503);
    expect(await readProfileAtStart(async () => undefined)).toEqual({ kind: 'unanswered' });
    expect(asked).toEqual(Array(3).fill('/api/admin/auth/profile'));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-1');
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-1');
  });

  it('asks again after a rate limit or a time-out: neither says anything about the tokens', async () => {
    signedInTokens();
    profileAnswers(429, 408);
    expect(await readProfileAtStart(async () => undefined)).toEqual({ kind: 'signed-in', admin });
  });

  it('counts an ask the gateway never answers as no answer, and asks again', async () => {
    signedInTokens();
    let asks = 0;
    // The first ask is taken and never answered; the second is answered.
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        asks += 1;
        if (asks > 1) return Promise.resolve(Response.json(admin));
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        });
      }),
    );
    const waited: number[] = [];
    const found = await readProfileAtStart(async (ms) => void waited.push(ms), 50);
    expect(found).toEqual({ kind: 'signed-in', admin });
    expect(asks).toBe(2);
    expect(waited).toEqual([1_000]);
  });

  it('stops at once when the API refuses the tokens (a deactivated admin, a session that ended)', async () => {
    signedInTokens();
    const asked = profileAnswers(403);
    expect(await readProfileAtStart(async () => undefined)).toEqual({ kind: 'refused' });
    expect(asked).toEqual(['/api/admin/auth/profile']);

    // an expired access token whose refresh is refused: the refresh already cleared the tokens
    const again = profileAnswers(401);
    expect(await readProfileAtStart(async () => undefined)).toEqual({ kind: 'refused' });
    expect(again).toEqual(['/api/admin/auth/profile', '/api/admin/auth/refresh']);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
