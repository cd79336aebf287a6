import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A local stand-in for the Late social publishing API (the two calls the catalog makes:
 * GET /v1/accounts, POST /v1/posts), on 127.0.0.1. `next` decides the next answers.
 */
export interface FakeLateApi {
  baseUrl: string;
  requests: RecordedRequest[];
  next: { postStatus: number; postBody: unknown; accountsStatus: number };
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
  });

export async function startFakeLateApi(): Promise<FakeLateApi> {
  const fake: Omit<FakeLateApi, 'baseUrl' | 'close'> = {
    requests: [],
    next: { postStatus: 200, postBody: null, accountsStatus: 200 },
  };
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await read(req);
    const path = (req.url ?? '').replace(/\?.*$/, '');
    fake.requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      body: text ? JSON.parse(text) : null,
    });
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== 'Bearer late-test-key') {
      res.statusCode = 401;
      return res.end(JSON.stringify({ error: 'Invalid API key' }));
    }
    if (req.method === 'GET' && path === '/v1/accounts') {
      res.statusCode = fake.next.accountsStatus;
      return res.end(
        JSON.stringify(
          fake.next.accountsStatus === 200
            ? {
                accounts: [
                  {
                    _id: 'acc_ig',
                    platform: 'instagram',
                    profileId: 'p1',
                    username: 'celebstyle',
                    isActive: true,
                  },
                  {
                    _id: 'acc_x',
                    platform: 'twitter',
                    profileId: 'p1',
                    username: 'celebstyle_x',
                    isActive: true,
                  },
                ],
                hasAnalyticsAccess: false,
              }
            : { error: 'Service unavailable' },
        ),
      );
    }
    if (req.method === 'POST' && path === '/v1/posts') {
      res.statusCode = fake.next.postStatus;
      return res.end(
        JSON.stringify(
          fake.next.postBody ?? {
            message: 'Post published',
            post: { _id: 'late_post_1', status: 'published' },
          },
        ),
      );
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: 'not found' }));
  };
  // A request the fake cannot read (a body that is not JSON) is answered 500 with the reason, so the
  // catalog's call fails visibly instead of hanging on an unanswered request.
  const server: Server = createServer((req, res) => {
    answer(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    requests: fake.requests,
    next: fake.next,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
