import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, serverMessage } from '../src/lib/api-client.ts';
import { EARLY_ANSWERS_GLOBAL } from '../src/lib/early-answers.ts';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const res = Response.json(body, { status });
  const read = vi.spyOn(res, 'json');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => res),
  );
  return { res, read };
}

describe('the public API client', () => {
  it('answers the JSON of a 2xx', async () => {
    answer(200, { posts: [] });
    expect(await apiGet('/posts', { page: 1, search: '' })).toEqual({ posts: [] });
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/posts?page=1');
  });

  it("raises 'Error: {status}' and keeps the server's message of a refused request", async () => {
    answer(400, { statusCode: 400, message: 'Please enter a valid email address' });
    const error = await apiPost('/newsletter/subscribe', { email: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Error: 400');
    expect(serverMessage(error)).toBe('Please enter a valid email address');
  });

  it('never shows the text of a server failure', async () => {
    answer(503, { message: 'The link-validation service is unavailable' });
    const error = await apiGet('/url-cleaning-rules').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(503);
    expect(serverMessage(error)).toBeUndefined();
  });

  it('reads the body of a failed answer so the browser can finish the request', async () => {
    const { read } = answer(503, { message: 'down' });
    await apiGet('/url-cleaning-rules').catch(() => undefined);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('copes with a failed answer that is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    const error = await apiGet('/posts').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(502);
    expect(serverMessage(error)).toBeUndefined();
  });
});

describe('answers fetched early by /route-preload.js', () => {
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
  });

  it('takes the early answer of its URL once, without asking the API again, then asks the network', async () => {
    const early = Response.json({ _id: 'p1', title: 'Early' });
    (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL] = {
      '/api/posts/p1': Promise.resolve(early),
    };
    answer(200, { _id: 'p1', title: 'From the network' });
    expect(await apiGet('/posts/p1')).toEqual({ _id: 'p1', title: 'Early' });
    expect(fetch).not.toHaveBeenCalled();
    expect(await apiGet('/posts/p1')).toEqual({ _id: 'p1', title: 'From the network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('raises a failed early answer like any other', async () => {
    (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL] = {
      '/api/posts/nope': Promise.resolve(Response.json({ message: 'Post not found' }, { status: 404 })),
    };
    const error = await apiGet('/posts/nope').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
  });
});
