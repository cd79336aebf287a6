import { IdParams, Uuid } from '@celebstyle/contracts';
import { Type } from '@sinclair/typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { createService } from '../src/index.ts';

const ID = '0b6f7a43-5c1e-4d2b-9f3a-7e8d9c0a1b2c';

describe('ids in one canonical form', () => {
  const app = createService({ name: 'test', logLevel: 'silent' });
  app.get('/items/:id', { schema: { params: IdParams } }, async (request) => request.params);
  app.post(
    '/items/toggle',
    { schema: { body: Type.Object({ ids: Type.Array(Uuid()), one: Type.Optional(Uuid()) }) } },
    async (request) => request.body,
  );
  afterAll(() => app.close());

  it('hands the handler a lower-case id whatever the case in the path', async () => {
    for (const id of [ID, ID.toUpperCase(), '0B6F7A43-5c1e-4D2B-9f3a-7E8D9C0A1B2C']) {
      const res = await app.inject({ url: `/items/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: ID });
    }
  });

  it('lower-cases ids in a body, in arrays too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/items/toggle',
      payload: { ids: [ID.toUpperCase(), ID], one: ID.toUpperCase() },
    });
    expect(res.json()).toEqual({ ids: [ID, ID], one: ID });
  });

  it.each([`urn:uuid:${ID}`, `{${ID}}`, ID.replaceAll('-', ''), `${ID}0`, 'not-an-id'])(
    'answers 400 naming the field for %s',
    async (id) => {
      const res = await app.inject({ url: `/items/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.json().message).toMatch(/^params\.id must/);
    },
  );

  it('refuses at start-up a route declaring a UUID another way', () => {
    const other = createService({ name: 'test', logLevel: 'silent' });
    expect(() =>
      other.get(
        '/raw/:id',
        { schema: { params: Type.Object({ id: Type.String({ format: 'uuid' }) }) } },
        async () => ({}),
      ),
    ).toThrow(/params\.id with Uuid/);
  });
});
