import type { ServiceInstance } from '@celebstyle/service-kit';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutAdminRoutes, type OpenApiDocument } from '../src/plugins/combined-openapi.ts';
import { UPSTREAM_NAMES } from '../src/route-table.ts';
import { buildTestGateway } from './helpers/build-gateway.ts';

/**
 * One stand-in for every service: the same /openapi.json, with a path under a prefix of each of
 * them, a component schema they all name alike but each defines its own way (Thing, told apart by
 * the order they ask in) and one they all define alike (Shared), or 503 while `down`.
 */
const serviceDocument = {
  openapi: '3.1.0',
  info: { title: 'CelebStyle stand-in', version: '1.0.0' },
  paths: Object.fromEntries(
    ['/api/posts', '/api/admin/auth/login', '/api/newsletter/subscribe', '/api/url-cleaning-rules'].map(
      (path) => [
        path,
        {
          get: {
            responses: {
              200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
              201: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Shared' } } } },
            },
          },
        },
      ],
    ),
  ),
  components: { schemas: { Thing: { type: 'object' }, Shared: { type: 'string' } } },
};

describe('the combined API document', () => {
  let down = true;
  let asked = 0;
  let server: Server;
  let app: ServiceInstance;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url !== '/openapi.json') return void response.writeHead(404).end();
      asked += 1;
      if (down) return void response.writeHead(503).end();
      const own = {
        ...serviceDocument.components.schemas,
        Thing: { type: 'object', title: `Thing ${asked}` },
      };
      const document = { ...serviceDocument, components: { schemas: own } };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = await buildTestGateway({
      upstreams: Object.fromEntries(UPSTREAM_NAMES.map((name) => [name, url])),
      publicAdminDocs: true,
    });
  });
  afterAll(async () => {
    await app.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const combined = async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    return res.json() as typeof serviceDocument & { info: { description: string } };
  };

  it('names the services that did not answer, asks them again next time, then keeps the whole', async () => {
    const partial = await combined();
    expect(partial.info.description).toContain(
      'the catalog, accounts, newsletter-support, link-validation service did not answer',
    );
    expect(Object.keys(partial.paths)).toEqual(['/api/site-config']);

    down = false;
    const whole = await combined();
    expect(whole.info.description).not.toContain('did not answer');
    // Each service keeps only the paths the gateway sends to it, and its own component names.
    expect(Object.keys(whole.paths)).toEqual([
      '/api/admin/auth/login',
      '/api/newsletter/subscribe',
      '/api/posts',
      '/api/site-config',
      '/api/url-cleaning-rules',
    ]);
    expect(
      whole.paths['/api/admin/auth/login']!.get.responses[200].content['application/json'].schema,
    ).toEqual({
      $ref: '#/components/schemas/accounts.Thing',
    });
    expect(Object.keys(whole.components.schemas)).toEqual(
      expect.arrayContaining(UPSTREAM_NAMES.map((name) => `${name}.Thing`)),
    );
    // Defined alike everywhere: one component under its own name, which every service refers to.
    expect(Object.keys(whole.components.schemas).filter((name) => name.endsWith('Shared'))).toEqual([
      'Shared',
    ]);
    expect(
      whole.paths['/api/admin/auth/login']!.get.responses[201].content['application/json'].schema,
    ).toEqual({ $ref: '#/components/schemas/Shared' });

    const askedForWhole = asked;
    expect(await combined()).toEqual(whole);
    expect(asked).toBe(askedForWhole);

    // The public part: no admin path, and no schema that only an admin path used.
    const open = withoutAdminRoutes(whole as unknown as OpenApiDocument);
    expect(Object.keys(open.paths ?? {})).toEqual([
      '/api/newsletter/subscribe',
      '/api/posts',
      '/api/site-config',
      '/api/url-cleaning-rules',
    ]);
    const schemas = Object.keys(open.components?.schemas ?? {});
    expect(schemas).toEqual(expect.arrayContaining(['catalog.Thing', 'newsletter-support.Thing']));
    expect(schemas).not.toContain('accounts.Thing');
  });
});
