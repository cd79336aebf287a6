import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { expectRevalidates, insertPosts, NOT_PUBLIC, postsChanged } from './helpers/search-fixtures.ts';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await startTestCatalog('search');
  const [pumps, loafers, bag, vest, describedOnly, kyleDress] = await insertPosts(t.db, [
    {
      title: 'Red Sole Pumps',
      celebrity: 'Kyle Richards',
      show: 'The Real Housewives of Beverly Hills',
      brand: 'Christian Louboutin',
      productType: 'Shoes',
    },
    {
      title: 'Loafers',
      celebrity: 'Dorit Kemsley',
      show: 'Real Housewives of Beverly Hills',
      brand: 'Gucci',
    },
    { title: 'Quilted Bag', celebrity: 'Lisa Rinna', show: 'Real Housewives of New York', brand: 'Chanel' },
    {
      title: 'Puffer Vest',
      celebrity: 'Kendall Roy',
      show: 'Succession',
      brand: 'Loro Piana',
      productType: 'Vest',
    },
    {
      title: 'Black Blazer',
      celebrity: 'Shiv Roy',
      show: 'Succession',
      brand: 'The Row',
      description: 'Worn with Louboutin heels',
    },
    {
      title: 'Sequin Dress',
      celebrity: 'Kyle Richards',
      show: 'Real Housewives of Beverly Hills',
      brand: 'Zara',
    },
  ]);
  ids = {
    pumps: pumps!,
    loafers: loafers!,
    bag: bag!,
    vest: vest!,
    describedOnly: describedOnly!,
    kyleDress: kyleDress!,
  };
  // 'lou' is only 0.3 similar to 'loubotin': a fragment, not a correction.
  await insertPosts(t.db, [
    { title: 'Lou Tote', celebrity: 'Erika Jayne', show: 'Vanderpump Rules', brand: 'Lou' },
  ]);
  await insertPosts(
    t.db,
    NOT_PUBLIC.map((status) => ({
      title: `Louboutin ${status} boots`,
      celebrity: 'Kyle Richards',
      show: 'Real Housewives of Beverly Hills',
      brand: 'Christian Louboutin',
      status,
    })),
  );
  await t.db
    .insertInto('shows')
    .values([
      {
        name: 'Succession',
        slug: 'succession',
        network: 'HBO',
        genres: ['Drama'],
        medium_image: '/s/succ.jpg',
      },
      {
        name: 'Real Housewives of Beverly Hills',
        slug: 'real-housewives-of-beverly-hills',
        network: 'Bravo',
      },
      // A show row without any approved look: never offered by search.
      { name: 'Euphoria', slug: 'euphoria', network: 'HBO' },
    ])
    .execute();
  await postsChanged(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const postIds = (body: { posts: { _id: string }[] }) => body.posts.map((p) => p._id);

describe('GET /api/posts/search/{term}', () => {
  it('tolerates typos: loubotin finds Louboutin, title and brand matches above description matches', async () => {
    const res = await get('/api/posts/search/loubotin');
    expect(res.statusCode).toBe(200);
    expect(postIds(res.json())).toEqual([ids.pumps, ids.describedOnly]);
    expect(res.json().pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalPosts: 2,
      hasNextPage: false,
      hasPrevPage: false,
    });
  });

  it('tolerates partial words: housewiv finds the Housewives', async () => {
    const res = await get('/api/posts/search/housewiv');
    expect(new Set(postIds(res.json()))).toEqual(new Set([ids.pumps, ids.loafers, ids.bag, ids.kyleDress]));
  });

  it('needs every word: kyle housewiv dress finds only her dress', async () => {
    const res = await get(`/api/posts/search/${encodeURIComponent('kyle housewiv dres')}`);
    expect(postIds(res.json())).toEqual([ids.kyleDress]);
  });

  it('matches celebrity, show, brand and product type', async () => {
    expect(postIds((await get('/api/posts/search/kendal')).json())).toEqual([ids.vest]);
    expect(postIds((await get('/api/posts/search/sucession')).json()).sort()).toEqual(
      [ids.vest, ids.describedOnly].sort(),
    );
    expect(postIds((await get('/api/posts/search/CHANEL')).json())).toEqual([ids.bag]);
    expect(postIds((await get('/api/posts/search/shoes')).json())).toEqual([ids.pumps]);
  });

  it('pages the ranked results', async () => {
    const first = await get('/api/posts/search/housewives?limit=3');
    expect(first.json().posts).toHaveLength(3);
    expect(first.json().pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalPosts: 4,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const second = await get('/api/posts/search/housewives?limit=3&page=2');
    expect(second.json().posts).toHaveLength(1);
    expect(new Set([...postIds(first.json()), ...postIds(second.json())]).size).toBe(4);
    const beyond = await get('/api/posts/search/housewives?limit=3&page=5');
    expect(beyond.json().posts).toEqual([]);
    expect(beyond.json().pagination.totalPosts).toBe(4);
  });

  it('never answers a pending, rejected or hidden post', async () => {
    const res = await get('/api/posts/search/boots');
    expect(res.json().posts).toEqual([]);
    const louboutin = await get('/api/posts/search/louboutin');
    expect(louboutin.json().posts.every((p: { status: string }) => p.status === 'approved')).toBe(true);
    expect(louboutin.json().pagination.totalPosts).toBe(2);
  });

  it('answers nothing for a term with no searchable word and for an unknown word', async () => {
    expect((await get('/api/posts/search/%21%21')).json().posts).toEqual([]);
    expect((await get('/api/posts/search/zzzzqqq')).json().posts).toEqual([]);
  });

  it.each(['page=0', 'limit=0', 'limit=101'])('answers 400 for %s', async (query) => {
    expect((await get(`/api/posts/search/louboutin?${query}`)).statusCode).toBe(400);
  });

  it.each(["kyle's & | ! :* ( \\", "'''", "o'neill:*", 'a&b|c'])(
    'reads tsquery syntax in %s as plain words',
    async (term) => {
      const res = await get(`/api/posts/search/${encodeURIComponent(term)}`);
      expect(res.statusCode).toBe(200);
      const global = await get(`/api/search?q=${encodeURIComponent(term)}`);
      expect(global.statusCode).toBe(200);
    },
  );

  it("finds kyle's posts through the possessive", async () => {
    const res = await get(`/api/posts/search/${encodeURIComponent("kyle's dress")}`);
    expect(postIds(res.json())).toEqual([ids.kyleDress]);
  });
});

describe('blank search terms', () => {
  it('answer 400 and run no query', async () => {
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const app = await buildApp({
      db: t.db.withPlugin(counting),
      redis: t.redis,
      keyPrefix: t.keyPrefix,
      logLevel: 'silent',
    });
    try {
      for (const url of [
        '/api/posts/search/%20%20%20',
        '/api/posts/search/%09',
        '/api/search?q=%20',
        '/api/search?q=',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
      expect((await app.inject({ method: 'GET', url: '/api/search' })).statusCode).toBe(400);
      expect(queries).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/search', () => {
  it('answers posts, celebrities and shows grouped', async () => {
    const res = await get('/api/search?q=succession');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.query).toBe('succession');
    expect(body.posts.map((p: { _id: string }) => p._id).sort()).toEqual(
      [ids.vest, ids.describedOnly].sort(),
    );
    expect(body.posts.find((p: { _id: string }) => p._id === ids.vest)).toEqual({
      _id: ids.vest,
      title: 'Puffer Vest',
      celebrity: 'Kendall Roy',
      show: 'Succession',
      image: expect.any(String),
    });
    expect(body.celebrities).toEqual([]);
    expect(body.shows).toEqual([
      { name: 'Succession', slug: 'succession', count: 2, imageUrl: '/s/succ.jpg', network: 'HBO' },
    ]);
  });

  it('finds celebrities by a misspelt name and de-duplicates shows by name', async () => {
    const res = await get(`/api/search?q=${encodeURIComponent('kyle richads')}`);
    expect(res.json().celebrities).toEqual([
      { name: 'Kyle Richards', slug: 'kyle-richards', count: 2, imageUrl: expect.any(String) },
    ]);
    const housewives = (await get('/api/search?q=housewives')).json();
    // 'The Real Housewives of Beverly Hills' and 'Real Housewives of Beverly Hills' are one show.
    expect(housewives.shows.map((s: { name: string; count: number }) => [s.name, s.count])).toEqual([
      ['Real Housewives of Beverly Hills', 3],
      ['Real Housewives of New York', 1],
    ]);
  });

  it('matches shows by network, only shows with approved looks', async () => {
    const res = await get('/api/search?q=hbo');
    expect(res.json().shows.map((s: { name: string }) => s.name)).toEqual(['Succession']);
  });

  it('fills at most limit slots, giving empty slots to the other groups', async () => {
    const res = await get('/api/search?q=r&limit=4');
    const body = res.json();
    expect(body.posts.length + body.celebrities.length + body.shows.length).toBeLessThanOrEqual(4);
    const celebsOnly = (await get('/api/search?q=roy&limit=12')).json();
    expect(celebsOnly.celebrities.map((c: { name: string }) => c.name).sort()).toEqual([
      'Kendall Roy',
      'Shiv Roy',
    ]);
  });

  it('never answers a non-public post or a celebrity known only from non-public posts', async () => {
    await insertPosts(
      t.db,
      NOT_PUBLIC.map((status) => ({ title: 'Zebra coat', celebrity: 'Zelda Zebra', show: 'Zoo', status })),
    );
    await postsChanged(t);
    const res = await get('/api/search?q=zebra');
    expect(res.json()).toEqual({ query: 'zebra', posts: [], celebrities: [], shows: [] });
  });

  it.each(['q=kyle&limit=0', 'q=kyle&limit=51', `q=${'x'.repeat(201)}`])(
    'answers 400 for %s',
    async (query) => {
      expect((await get(`/api/search?${query}`)).statusCode).toBe(400);
    },
  );
});

describe('search HTTP caching', () => {
  it.each(['/api/posts/search/louboutin', '/api/search?q=kyle'])(
    '%s answers with Cache-Control and an ETag, and 304 when it matches',
    async (url) => {
      await expectRevalidates(t, url);
    },
  );
});
