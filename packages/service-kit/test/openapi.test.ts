import { ErrorBody } from '@celebstyle/contracts';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createService,
  documentationGaps,
  routeSchemaGaps,
  undeclaredAnswers,
  type ServiceInstance,
} from '../src/index.ts';

let app: ServiceInstance;

beforeAll(async () => {
  app = createService({ name: 'things', logLevel: 'silent' });
  // Routes are declared in plugins, as every service does: the document sees what they declare.
  await app.register(async (routes: ServiceInstance) => {
    routes.get(
      '/api/things',
      { schema: { response: { 200: Type.Object({ things: Type.Array(Type.String()) }) } } },
      async () => ({ things: ['hat'] }),
    );
    routes.post(
      '/api/things',
      {
        schema: {
          body: Type.Object({ name: Type.String() }),
          response: { 201: Type.Object({ name: Type.String() }), 409: ErrorBody },
        },
      },
      async (request, reply) => reply.status(201).send({ name: request.body.name }),
    );
    // Declares 200 but answers 202: the kind of drift the tests of every service catch.
    routes.put('/api/things', { schema: { response: { 200: Type.Object({}) } } }, async (_request, reply) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the type provider rightly refuses 202
      reply.status(202 as any).send({}),
    );
    routes.delete('/api/things', async () => ({ deleted: true }));
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
    expect(list.tags).toEqual(['things']);
    expect(list.responses['200'].content['application/json'].schema.properties.things.type).toBe('array');
    expect(list.responses['4XX'].content['application/json'].schema.required).toEqual([
      'statusCode',
      'error',
      'message',
      'code',
    ]);
    const create = document.paths['/api/things'].post;
    expect(Object.keys(create.responses).sort()).toEqual(['201', '409', '5XX']);
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['name']);
  });

  it('leaves out the operational routes, and only those', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(['/api/things']);
    expect(documentationGaps(app.declaredRoutes(), document)).toEqual([]);
    const { ['/api/things']: things } = document.paths;
    expect(
      documentationGaps(app.declaredRoutes(), { paths: { '/api/things': { ...things, put: undefined } } }),
    ).toEqual(['PUT /api/things is not in the document']);
  });
});

describe('schema coverage', () => {
  it('names every route without a response schema for its success status', () => {
    expect(routeSchemaGaps(app.declaredRoutes())).toEqual([
      { method: 'DELETE', route: '/api/things', problem: 'no response schema for its success status' },
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
