import http from 'node:http';
import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitFor } from '@celebstyle/gateway/route-table';
import { startE2eStack, type E2eStack } from '../src/e2e/index.ts';
import { casesFor, type BadRequest, type Route } from './bad-input/cases.ts';
import { inBatches, inErrorShape, send, type Answer } from './bad-input/send.ts';
import { startFakeSocialApi, type FakeSocialApi } from './bad-input/fake-social-api.ts';
import { targetedCases } from './bad-input/targeted-cases.ts';
import { forgedTokens } from './bad-input/tokens.ts';

/**
 * The bad-input sweep: every route each service lists at /routez, reached through the gateway,
 * gets malformed requests of every class in bad-input/cases.ts. Any 5xx, any answer slower than
 * 1 s, any connection dropped without an answer, and any oversized body not refused with 413 fails
 * the run, listed all at once. `npm run fuzz` runs this file alone.
 *
 * An answer slower than 1 s while the sweep had others in flight is sent again on its own, and
 * counts as slow only if it is slow again: the route's own time, not the queue the sweep made on
 * a small, shared machine.
 */
const SLOW_MS = 1000;
const IN_FLIGHT = 4;

let e2e: E2eStack;
let social: FakeSocialApi;
beforeAll(async () => {
  social = await startFakeSocialApi();
  // The sweep asks the API only: no need to rebuild the web apps the gateway would serve.
  e2e = await startE2eStack('bad_input_sweep', {
    seedPosts: 20,
    build: false,
    // Publishing configured, so that a refusal the catalog owes is not hidden behind a 503.
    env: {
      LATE_API_KEY: 'sweep-key',
      LATE_API_BASE_URL: social.baseUrl,
      LATE_ACCOUNT_IDS: 'instagram=acc_sweep',
    },
  });
}, 600_000);
afterAll(async () => {
  await e2e?.stop();
  await social?.close();
});

async function json(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status}`);
  return response.json();
}

/** The first string value under `key` anywhere in `value`. */
function firstValue(value: unknown, key: string): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const [name, inner] of Object.entries(value)) {
    if (name === key && typeof inner === 'string') return inner;
    const found = firstValue(inner, key);
    if (found) return found;
  }
  return undefined;
}

async function listedRoutes(): Promise<Map<string, Route[]>> {
  const byService = new Map<string, Route[]>();
  for (const [name, url] of Object.entries(e2e.stack.services)) {
    const { routes } = (await json(`${url}/routez`)) as { routes: Route[] };
    byService.set(
      name,
      routes.filter((route) => route.url.startsWith('/api/')),
    );
  }
  return byService;
}

const describeFailure = (answer: Answer) =>
  `${answer.request.kind}: ${answer.request.method} ${answer.request.path.slice(0, 200)} -> ` +
  `${answer.status || answer.error} in ${Math.round(answer.ms)} ms` +
  (answer.status >= 400 && !inErrorShape(answer)
    ? `, not in the error format: ${answer.body?.slice(0, 200)}`
    : '');

describe('malformed requests through the gateway', () => {
  it('never get a 5xx or a slow answer on any route', async () => {
    const base = new URL(e2e.url);
    const { username, password } = e2e.stack.admin;
    const login = (await json(`${e2e.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })) as { accessToken: string; admin: { _id: string } };
    const authorization = `Bearer ${login.accessToken}`;
    const publicPosts = await json(`${e2e.url}/api/posts`);
    const adminPosts = await json(`${e2e.url}/api/admin/posts`, { headers: { authorization } });
    const postId = firstValue(adminPosts, '_id') ?? firstValue(publicPosts, '_id');
    const postSlug = firstValue(publicPosts, 'slug');
    expect(postId, 'a seeded post to aim at').toBeTruthy();

    const goodParam = (route: Route, name: string) => {
      const aboutPosts = /^\/api\/(admin\/)?posts\//.test(route.url);
      if (aboutPosts && name === 'id' && postId) return postId;
      if (aboutPosts && name.includes('slug') && postSlug) return postSlug;
      return randomUUID();
    };
    const context = {
      goodParam,
      forgedTokens: await forgedTokens(login.accessToken, e2e.stack.jwksFile),
      bodyLimit: bodyLimitFor,
    };

    const byService = await listedRoutes();
    for (const [name, routes] of byService)
      expect(routes.length, `${name} lists its routes`).toBeGreaterThan(0);
    const routes = [...byService.values()].flat();
    const requests: BadRequest[] = routes.flatMap((route, index) =>
      casesFor(route, index, {
        ...context,
        ...(route.url.startsWith('/api/admin/') ? { authorization } : {}),
      }),
    );
    const approvedPostId = firstValue(publicPosts, '_id');
    expect(approvedPostId, 'an approved post to aim at').toBeTruthy();
    requests.push(
      ...targetedCases({ authorization, approvedPostId: approvedPostId!, adminId: login.admin._id }),
    );
    // Signing out ends the token the other admin requests use: those go last.
    const signsOut = (request: BadRequest) => request.path.includes('/logout');
    requests.sort((a, b) => Number(signsOut(a)) - Number(signsOut(b)));
    expect(requests.length).toBeGreaterThan(300);

    const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const answers = await inBatches(requests, IN_FLIGHT, (request) => send(base, agent, request));
    const wrong = (answer: Answer) =>
      answer.status === 0 ||
      answer.status >= 500 ||
      (answer.request.expectStatus !== undefined && answer.status !== answer.request.expectStatus) ||
      (answer.status >= 400 && answer.request.method !== 'HEAD' && !inErrorShape(answer));
    const failures = answers.filter(wrong);
    const slowOnes = answers.filter((answer) => !wrong(answer) && answer.ms > SLOW_MS);
    const alone = await inBatches(slowOnes, 1, (answer) => send(base, agent, answer.request));
    failures.push(...alone.filter((answer) => wrong(answer) || answer.ms > SLOW_MS));
    agent.destroy();

    const statuses = new Map<number, number>();
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    console.log(
      `bad-input sweep: ${routes.length} routes, ${answers.length} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `${slowOnes.length} slow under load sent again alone`,
    );
    expect(failures.map(describeFailure)).toEqual([]);
    // Nothing the sweep sent was fit to publish.
    expect(social.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });
});

/** Writes raw bytes to the gateway and reads everything it answers until it closes. */
function rawExchange(base: URL, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(base.port), base.hostname, () => socket.write(request));
    let answer = '';
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(answer) : reject(error),
    );
  });
}

describe('requests that never reach a route', () => {
  it('are refused in the one error format, as Node or Fastify refuse them', async () => {
    const base = new URL(e2e.url);
    const cases = [
      { request: 'GET /api/posts HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', status: 400 },
      {
        request: 'GET /api/posts HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
        status: 400,
      },
      { request: `GET /api/posts?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, status: 431 },
    ];
    for (const { request, status } of cases) {
      const answer = await rawExchange(base, request);
      const label = request.slice(0, 60);
      expect(answer.slice(0, 12), label).toBe(`HTTP/1.1 ${status}`);
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(
        inErrorShape({
          request: { kind: 'path tricks', method: 'GET', path: '/', headers: {} },
          status,
          ms: 0,
          body,
        }),
        `${label}: ${body}`,
      ).toBe(true);
    }
  });
});
