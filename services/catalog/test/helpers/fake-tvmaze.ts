import { createServer, type Server } from 'node:http';

/**
 * A local stand-in for TVmaze's public API (GET /singlesearch/shows?q=…&embed=cast) on 127.0.0.1.
 * `shows` maps a lowercase search term to the show TVmaze would answer; `rateLimitNext` answers
 * that many next calls with 429 and Retry-After: 1; `answerAfterMs` makes every answer that slow.
 */
export interface FakeTvmaze {
  baseUrl: string;
  shows: Map<string, object>;
  calls: { at: number; q: string; status: number }[];
  rateLimitNext: number;
  answerAfterMs: number;
  close(): Promise<void>;
}

export async function startFakeTvmaze(): Promise<FakeTvmaze> {
  const fake = {
    shows: new Map<string, object>(),
    calls: [] as FakeTvmaze['calls'],
    rateLimitNext: 0,
    answerAfterMs: 0,
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams.get('q') ?? '';
    res.setHeader('content-type', 'application/json');
    let status = 404;
    let body: unknown = { name: 'Not Found', status: 404 };
    if (fake.rateLimitNext > 0) {
      fake.rateLimitNext -= 1;
      status = 429;
      body = { name: 'Too Many Requests', status: 429 };
      res.setHeader('retry-after', '1');
    } else if (url.pathname === '/singlesearch/shows' && url.searchParams.get('embed') === 'cast') {
      const show = fake.shows.get(q.toLowerCase());
      if (show) {
        status = 200;
        body = show;
      }
    }
    fake.calls.push({ at: Date.now(), q, status });
    res.statusCode = status;
    if (fake.answerAfterMs > 0) setTimeout(() => res.end(JSON.stringify(body)), fake.answerAfterMs).unref();
    else res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeTvmaze;
}

/** A TVmaze show as singlesearch answers it with embedded cast. */
export function tvmazeShow(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name,
    status: 'Running',
    premiered: '2010-10-14',
    genres: ['Reality', 'Drama'],
    summary: '<p>The <b>women</b> of Beverly Hills &amp; their friends.</p><script>alert(1)</script>',
    network: { id: 1, name: 'Bravo' },
    webChannel: null,
    image: {
      medium: `https://static.tvmaze.example/m/${id}.jpg`,
      original: `https://static.tvmaze.example/o/${id}.jpg`,
    },
    _embedded: {
      cast: [
        {
          person: {
            name: 'Kyle Richards',
            image: {
              medium: 'https://static.tvmaze.example/p/1m.jpg',
              original: 'https://static.tvmaze.example/p/1o.jpg',
            },
          },
        },
        { person: { name: 'Lisa Rinna', image: null } },
      ],
    },
    ...overrides,
  };
}
