import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, serverMessage } from '../src/lib/api-client.ts';

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
