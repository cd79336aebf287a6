import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkValidationApi } from '../src/features/link-validation/api/link-validation-api.ts';
import { DEFAULT_VIEW } from '../src/features/link-validation/filters.ts';
import { setSessionLostHandler } from '../src/lib/api-client.ts';
import { tokenStore } from '../src/lib/token-store.ts';

afterEach(() => vi.unstubAllGlobals());

const CSV = 'Post,Link\nRed Dress,https://shop.example/p\n';

describe('Export CSV', () => {
  it('refreshes an expired access token once and downloads with the new one', async () => {
    tokenStore.save('expired', 'refresh-1');
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('authorization') ?? '';
        seen.push(`${init.method ?? 'GET'} ${url} ${auth}`);
        if (url.endsWith('/refresh')) return Response.json({ accessToken: 'new', refreshToken: 'refresh-2' });
        if (auth !== 'Bearer new') return Response.json({ message: 'Token expired' }, { status: 401 });
        return new Response(CSV, {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="link-validation-2026-11-30.csv"',
          },
        });
      }),
    );

    const { blob, fileName } = await linkValidationApi.export(DEFAULT_VIEW);

    expect(await blob.text()).toBe(CSV);
    expect(fileName).toBe('link-validation-2026-11-30.csv');
    expect(seen).toEqual([
      'POST /api/admin/link-validation/export Bearer expired',
      'POST /api/admin/auth/refresh ',
      'POST /api/admin/link-validation/export Bearer new',
    ]);
    expect(tokenStore.refresh()).toBe('refresh-2');
  });

  it('says when the file was cut: more links match than it holds', async () => {
    tokenStore.save('token', 'refresh-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(CSV, { headers: { 'x-export-cut-at': '10000' } })),
    );
    expect((await linkValidationApi.export(DEFAULT_VIEW)).cutAt).toBe(10_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(CSV)),
    );
    expect((await linkValidationApi.export(DEFAULT_VIEW)).cutAt).toBeNull();
  });

  it('sends the filters as JSON, page 1 and up to 10,000 rows', async () => {
    tokenStore.save('token', 'refresh-1');
    let sent: { contentType: string | null; body: unknown } | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent = {
          contentType: new Headers(init.headers).get('content-type'),
          body: JSON.parse(String(init.body)),
        };
        return new Response(CSV);
      }),
    );
    await linkValidationApi.export({ ...DEFAULT_VIEW, page: 3 });
    expect(sent).toEqual({
      contentType: 'application/json',
      body: { sortBy: 'postCreated', sortOrder: 'desc', linkStatus: 'active', page: 1, limit: 10_000 },
    });
  });

  it('sends the user to the login page when the refresh fails too', async () => {
    tokenStore.save('expired', 'spent');
    const lost = vi.fn();
    setSessionLostHandler(lost);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Session expired' }, { status: 401 })),
    );
    await expect(linkValidationApi.export(DEFAULT_VIEW)).rejects.toThrow('Session expired');
    expect(lost).toHaveBeenCalledTimes(1);
    expect(tokenStore.access()).toBeNull();
  });

  it("names a failure 'Export failed' with the status text when the server gives no message", async () => {
    tokenStore.save('token', 'refresh-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(linkValidationApi.export(DEFAULT_VIEW)).rejects.toThrow('Export failed: Bad Gateway');
  });
});
