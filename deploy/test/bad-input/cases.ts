/**
 * The malformed requests the bad-input sweep sends to one route: a deterministic table, so a
 * failure in CI names a request that fails again on the next run. Each route gets every class;
 * where a class has several variants, routes take turns (by their index) so the total stays small.
 */
export interface Route {
  method: string;
  /** URL template as the service registers it, e.g. /api/posts/:slug */
  url: string;
}

export type CaseClass =
  | 'numbers'
  | 'unicode'
  | 'nul'
  | 'huge body'
  | 'nested'
  | 'wrong types'
  | 'prototype keys'
  | 'path tricks'
  | 'content type'
  | 'invalid json'
  | 'forged token'
  | 'refused value'
  | 'empty body';

export interface BadRequest {
  kind: CaseClass;
  method: string;
  /** Raw request target, sent as is (no URL normalisation). */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Sent without Content-Length, in chunks (Transfer-Encoding: chunked). */
  chunked?: boolean;
  /** The only acceptable status, when the class has one (a body over the limit: 413). */
  expectStatus?: number;
}

export interface CaseContext {
  /** A value for a path parameter that names a real record, when one is known. */
  goodParam(route: Route, name: string): string;
  /** Authorization header value for admin routes (a valid token); undefined for public ones. */
  authorization?: string;
  /** Forged Authorization values: alg none, wrong signature, expired, garbage, ... */
  forgedTokens: Record<string, string>;
  /** The largest body the gateway takes for a path. */
  bodyLimit(path: string): number;
}

const NUMBERS = ['Infinity', '-1', '1e400', 'NaN', '0x10', '99999999999999999999999', '-0', '1.5'];
const UNICODE = [
  '%E2%80%AEevil', // right-to-left override
  '%F0%9F%98%80%F0%9F%91%97', // emoji
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded
  '%C0%AF', // overlong "/"
  '%FF%FE', // not UTF-8 at all
];
const NUL = ['%00', 'a%00b', '%00%00%00'];
const LONG_SEGMENT = 'a'.repeat(8000);
const LONG_PARAM = 'a'.repeat(101);
const PATH_TRICKS: Array<(path: string) => string> = [
  (p) => `${p}/../../../routez`,
  (p) => `${p}/%2e%2e/%2e%2e/%2e%2e/routez`,
  (p) => p.replace('/api/', '/api//'),
  (p) => `${p}.`,
  (p) => `${p}/..`,
  (p) => `${p}/${LONG_SEGMENT}`,
  (p) => `${p}%2F..%2F..%2Froutez`,
  (p) => p.replace('/api/', '/api/./'),
];
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'application/json, text/plain',
];
const INVALID_JSON = ['{"a":', '{a:1}', '\u00ff\u00fe', '', '[1,2,]', '{"a":1}{"b":2}', 'null', '"text"'];
const DEPTH = 10_000;
const NESTED = ['['.repeat(DEPTH) + ']'.repeat(DEPTH), '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)];

/** Typical field names of the specs' bodies, each with a value of the wrong type. */
const WRONG_TYPES = [
  {
    username: ['admin'],
    email: { address: 'a@b.c' },
    password: 12345,
    name: [],
    postIds: 'not-a-list',
    page: { n: 1 },
    limit: [1, 2],
    status: {},
    caption: [['x']],
    platforms: 'instagram',
    refreshToken: 42,
    isActive: 'yes',
  },
  { id: {}, slug: 7, url: [], pattern: true, rejectionReason: {}, responseText: [], newPassword: null },
];
const PROTOTYPE_BODIES = [
  '{"__proto__":{"isAdmin":true,"role":"super_admin","polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}},"__proto__":[]}',
];
const PROTOTYPE_QUERIES = [
  '__proto__[polluted]=1&__proto__=x',
  'constructor[prototype][polluted]=1&constructor=1',
];

const takesBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';
const pick = <T>(list: readonly T[], index: number): T => list[index % list.length]!;
const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

function fill(route: Route, value: (name: string) => string): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => value(name));
}

/** A JSON object of exactly `size` bytes. */
function jsonOfSize(size: number): Buffer {
  const body = Buffer.alloc(size, 'a');
  body.write('{"a":"', 0);
  body.write('"}', size - 2);
  return body;
}

/** Every malformed request for `route`, the `index`-th route of the sweep. */
export function casesFor(route: Route, index: number, context: CaseContext): BadRequest[] {
  const good = fill(route, (name) => context.goodParam(route, name));
  const hasParams = paramNames(route.url).length > 0;
  const auth: Record<string, string> = context.authorization ? { authorization: context.authorization } : {};
  const json = { ...auth, 'content-type': 'application/json' };
  const cases: BadRequest[] = [];
  const add = (kind: CaseClass, path: string, extra: Partial<BadRequest> = {}) =>
    cases.push({ kind, method: route.method, path, headers: auth, ...extra });
  const withBody = (kind: CaseClass, body: string | Buffer, headers = json) =>
    takesBody(route.method) && add(kind, good, { headers, body });

  for (const offset of [0, 3]) {
    const number = pick(NUMBERS, index + offset);
    add('numbers', `${good}?page=${number}&limit=${number}&offset=${number}&days=${number}`);
    if (hasParams)
      add(
        'numbers',
        fill(route, () => encodeURIComponent(number)),
      );
  }
  withBody('numbers', '{"page":1e400,"limit":-1,"days":1e308,"priority":9007199254740993}');

  const text = pick(UNICODE, index);
  add('unicode', `${good}?q=${text}&search=${text}&status=${pick(UNICODE, index + 1)}`);
  add('unicode', hasParams ? fill(route, () => pick(UNICODE, index + 2)) : `${good}/${text}`);
  withBody('unicode', `{"name":"\\ud800","email":"\\udfff@example.com","caption":"\u202e\ud83d\ude00"}`);

  add('nul', `${good}?q=${pick(NUL, index)}&page=1%00`);
  add('nul', hasParams ? fill(route, () => pick(NUL, index + 1)) : `${good}%00`);
  withBody('nul', '{"name":"a\\u0000b","email":"x\\u0000@example.com","caption":"\\u0000"}');

  if (takesBody(route.method)) {
    add('huge body', good, {
      headers: json,
      body: jsonOfSize(context.bodyLimit(good) + 1),
      expectStatus: 413,
    });
    // As curl uploads anything over 1 MiB: chunked, with Expect: 100-continue. No one status: a
    // chunked body is only refused (413) once past the limit, and a refusal that needs no body
    // (429, 401) may come first; but never a 5xx.
    const streamed = Math.min(context.bodyLimit(good), 1024 * 1024) + 1;
    add('huge body', good, {
      headers: { ...json, expect: '100-continue' },
      body: jsonOfSize(streamed),
      chunked: true,
    });
  }

  withBody('nested', pick(NESTED, index));

  add('wrong types', `${good}?page=1&page=2&limit[]=5&q[a]=b&status=a&status=b`);
  withBody('wrong types', JSON.stringify(pick(WRONG_TYPES, index)));

  add('prototype keys', `${good}?${pick(PROTOTYPE_QUERIES, index)}`);
  withBody('prototype keys', pick(PROTOTYPE_BODIES, index));

  add('path tricks', pick(PATH_TRICKS, index)(good));
  add('path tricks', pick(PATH_TRICKS, index + 3)(good));
  // Over the router's 100 characters: Fastify's own 414, which must come in the error format.
  if (hasParams)
    add(
      'path tricks',
      fill(route, () => LONG_PARAM),
    );

  withBody('content type', '{"name":"x"}', { ...auth, 'content-type': pick(CONTENT_TYPES, index) });
  withBody('content type', '<x/>', { ...auth, 'content-type': pick(CONTENT_TYPES, index + 2) });

  // Content-Type: application/json and no body, as generic HTTP clients send every request.
  if (takesBody(route.method) || route.method === 'DELETE') add('empty body', good, { headers: json });
  withBody('invalid json', pick(INVALID_JSON, index));
  withBody('invalid json', pick(INVALID_JSON, index + 4));

  if (context.authorization) {
    for (const forged of Object.values(context.forgedTokens)) {
      cases.push({
        kind: 'forged token',
        method: route.method,
        path: good,
        headers: { authorization: forged, 'content-type': 'application/json' },
        ...(takesBody(route.method) ? { body: '{}' } : {}),
      });
    }
  }
  return cases;
}
