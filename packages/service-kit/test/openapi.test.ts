import { ErrorBody, QueryInteger } from '@celebstyle/contracts';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BEARER_AUTH,
  createService,
  documentationGaps,
  guardAdminRoutes,
  routeSchemaGaps,
  undeclaredAnswers,
  type ServiceInstance,
} from '../src/index.ts';

const Thing = Type.Object({ name: Type.String() }, { $id: 'Thing' });

let app: ServiceInstance;

beforeAll(async () => {
  app = createService({ name: 'things', logLevel: 'silent' });
  // Routes are declared in plugins, as every service does: the document sees what they declare.
  await app.register(async (routes: ServiceInstance) => {
    routes.get(
      '/api/things',
      {
        schema: {
          operationId: 'listThings',
          summary: 'List things',
          querystring: Type.Object({ limit: Type.Optional(QueryInteger({ minimum: 1, maximum: 50 })) }),
          response: { 200: Type.Object({ things: Type.Array(Thing) }) },
        },
      },
      async () => ({ things: [{ name: 'hat' }] }),
    );
    routes.post(
      '/api/things',
      {
        // A route-level rate limit (@fastify/rate-limit reads it where registered): documented as 429.
        config: { rateLimit: { max: 5, timeWindow: 60_000 } } as Record<string, unknown>,
        schema: {
          operationId: 'createThing',
          summary: 'Create a thing',
          body: Type.Object({ name: Type.String() }),
          response: { 201: Thing, 409: ErrorBody },
        },
      },
      async (request, reply) => reply.status(201).send({ name: request.body.name }),
    );
    // Declares 200 but answers 202: the kind of drift the tests of every service catch.
    routes.put(
      '/api/things',
      {
        schema: {
          operationId: 'replaceThings',
          summary: 'Replace things',
          response: { 200: Type.Object({}) },
        },
      },
      async (_request, reply) =>
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the type provider rightly refuses 202
        reply.status(202 as any).send({}),
    );
    routes.delete('/api/things', async () => ({ deleted: true }));
  });
  // An admin plugin: every route in it behind the guard, named as needing the bearer token.
  await app.register(async (admin: ServiceInstance) => {
    guardAdminRoutes(admin, async () => {
      throw Object.assign(new Error('No token'), { statusCode: 401 });
    });
    admin.get(
      '/api/admin/things',
      { schema: { operationId: 'listThings', response: { 200: Type.Object({ count: Type.Integer() }) } } },
      async () => ({ count: 0 }),
    );
  });
  await app.ready();
});

afterAll(() => app.close());

describe('the OpenAPI document of a service', () => {
  it('is published at /openapi.json from the route schemas, errors included', async () => {
    const res = await app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('CelebStyle things');
    const list = document.paths['/api/things'].get;
    expect(list).toMatchObject({ operationId: 'listThings', summary: 'List things', tags: ['things'] });
    expect(list.responses['200'].content['application/json'].schema.properties.things).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Thing' },
    });
    expect(list.responses['4XX'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    // Our validation-only keywords are not OpenAPI: left out of the document.
    expect(list.parameters).toEqual([
      { schema: { type: 'integer', minimum: 1, maximum: 50 }, in: 'query', name: 'limit', required: false },
    ]);
    expect(document.components.schemas.ErrorBody.required).toEqual([
      'statusCode',
      'error',
      'message',
      'code',
    ]);
    const create = document.paths['/api/things'].post;
    expect(Object.keys(create.responses).sort()).toEqual(['201', '409', '429', '5XX']);
    // A shared schema at the top of an answer is referred to as well.
    expect(create.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Thing',
    });
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['name']);
  });

  it('documents 429 with Retry-After where a rate limit applies, and nowhere else', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json();
    const tooMany = document.paths['/api/things'].post.responses['429'];
    expect(tooMany.headers['retry-after'].schema.type).toBe('integer');
    expect(tooMany.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    expect(document.paths['/api/things'].get.responses['429']).toBeUndefined();
  });

  it('names the bearer token on guarded routes, and no security on the others', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/admin/things'].get.security).toEqual(BEARER_AUTH);
    expect(document.paths['/api/things'].get.security).toEqual([]);
    expect((await app.inject({ url: '/api/admin/things' })).statusCode).toBe(401);
  });

  it('leaves out the operational routes, and only those', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(['/api/things', '/api/admin/things']);
    expect(documentationGaps(app.declaredRoutes(), document)).toEqual([]);
    const { ['/api/things']: things } = document.paths;
    expect(
      documentationGaps(app.declaredRoutes(), {
        paths: { ...document.paths, '/api/things': { ...things, put: undefined } },
      }),
    ).toEqual(['PUT /api/things is not in the document']);
  });
});

describe('schema coverage', () => {
  it('names every route without a response schema, an operationId or a summary', () => {
    expect(routeSchemaGaps(app.declaredRoutes())).toEqual([
      { method: 'DELETE', route: '/api/things', problem: 'no response schema for its success status' },
      { method: 'DELETE', route: '/api/things', problem: 'no operationId' },
      { method: 'DELETE', route: '/api/things', problem: 'no summary' },
      {
        method: 'GET',
        route: '/api/admin/things',
        problem: "operationId listThings is also GET /api/things's",
      },
      { method: 'GET', route: '/api/admin/things', problem: 'no summary' },
    ]);
  });

  it('refuses an operationId a generated client could not name a method after', () => {
    const route = (operationId: string) => ({
      method: 'GET',
      url: '/api/x',
      handler: async () => ({}),
      schema: { operationId, summary: 'X', response: { 200: Type.Object({}) } },
    });
    expect(routeSchemaGaps([route('list-things'), route('ListThings'), route('listThings')])).toEqual([
      { method: 'GET', route: '/api/x', problem: 'operationId list-things is not camelCase' },
      { method: 'GET', route: '/api/x', problem: 'operationId ListThings is not camelCase' },
    ]);
  });

  it('records an answer whose status its route does not declare, and no other', async () => {
    const before = undeclaredAnswers().length;
    await app.inject({ url: '/api/things' });
    await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'hat' } });
    await app.inject({ method: 'POST', url: '/api/things', payload: {} }); // 400: the shared error body
    await app.inject({ method: 'PUT', url: '/api/things' });
    expect(undeclaredAnswers().slice(before)).toEqual([
      { method: 'PUT', route: '/api/things', statusCode: 202 },
    ]);
  });
});
