import type {
  AdminCelebrity,
  AdminCelebrityListAnswer,
  AdminShow,
  AdminShowListAnswer,
} from '@celebstyle/contracts';
import type { PostChangedEvent } from '@celebstyle/queue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addPosts } from './helpers/post-fixtures.ts';
import { startAdminTestCatalog, type AdminTestCatalog } from './helpers/app.ts';

let t: AdminTestCatalog;
let kyle: string;
let lisa: string;
let office: string;
let rhobh: string;

beforeAll(async () => {
  t = await startAdminTestCatalog('admin_celebrities_shows');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('posts').execute();
  await t.db.deleteFrom('post_events_outbox').execute();
  await t.db.deleteFrom('celebrities').execute();
  await t.db.deleteFrom('shows').execute();
  [kyle, lisa] = (
    await t.db
      .insertInto('celebrities')
      .values([
        {
          name: 'Kyle Richards',
          slug: 'kyle-richards',
          description: 'Written by the system.',
          description_generated: true,
          shows: ['The Office', 'RHOBH'],
          main_show: 'The Office',
          network: 'Bravo',
          location: 'Beverly Hills',
        },
        { name: 'Lisa Rinna', slug: 'lisa-rinna', network: 'NBC', main_show: 'RHOBH', shows: ['RHOBH'] },
      ])
      .returning('id')
      .execute()
  ).map((r) => r.id) as [string, string];
  [office, rhobh] = (
    await t.db
      .insertInto('shows')
      .values([
        {
          name: 'The Office',
          slug: 'the-office',
          network: 'NBC',
          status: 'Ended',
          genres: ['Comedy'],
          premiered: '2005-03-24',
        },
        { name: 'RHOBH', slug: 'rhobh', network: 'Bravo', status: 'Running', search_term: 'Real Housewives' },
      ])
      .returning('id')
      .execute()
  ).map((r) => r.id) as [string, string];
  await t.db
    .insertInto('show_cast')
    .values({ show_id: office!, name: 'Steve Carell', position: 0 })
    .execute();
});

const outbox = () => t.db.selectFrom('post_events_outbox').selectAll().execute();

describe('GET /api/admin/celebrities (admin.md §7 Celebrities: page 1, limit 500, search)', () => {
  it('lists every celebrity A to Z with approved looks, in one page of 500', async () => {
    await addPosts(t.db, [
      { celebrity: 'Kyle Richards' },
      { celebrity: 'kyle richards' },
      { celebrity: 'Kyle Richards', status: 'pending' },
    ]);
    const res = await t.admin('GET', '/api/admin/celebrities');
    expect(res.statusCode).toBe(200);
    const answer = res.json<AdminCelebrityListAnswer>();
    expect(answer.celebrities.map((c) => [c.name, c.totalLooks])).toEqual([
      ['Kyle Richards', 2],
      ['Lisa Rinna', 0],
    ]);
    expect(answer.celebrities[0]).toMatchObject({
      _id: kyle,
      slug: 'kyle-richards',
      description: 'Written by the system.',
      descriptionGenerated: true,
      shows: ['The Office', 'RHOBH'],
      mainShow: 'The Office',
      network: 'Bravo',
      location: 'Beverly Hills',
      profileImage: null,
    });
    expect(answer.pagination).toEqual({
      totalCelebrities: 2,
      totalPages: 1,
      currentPage: 1,
      limit: 500,
      hasPrevPage: false,
      hasNextPage: false,
    });
  });

  it('searches name, network and main show, and pages', async () => {
    const names = async (q: string) =>
      (await t.admin('GET', `/api/admin/celebrities${q}`))
        .json<AdminCelebrityListAnswer>()
        .celebrities.map((c) => c.name);
    expect(await names('?search=rinna')).toEqual(['Lisa Rinna']);
    expect(await names('?search=BRAVO')).toEqual(['Kyle Richards']);
    expect(await names('?search=rhobh')).toEqual(['Lisa Rinna']);
    expect(await names('?limit=1&page=2')).toEqual(['Lisa Rinna']);
    expect((await t.admin('GET', '/api/admin/celebrities?limit=501')).statusCode).toBe(400);
  });

  it('answers the stats', async () => {
    await addPosts(t.db, [
      { celebrity: 'Kyle Richards' },
      { celebrity: 'Lisa Rinna' },
      { celebrity: 'Nobody' },
    ]);
    expect((await t.admin('GET', '/api/admin/celebrities/stats')).json()).toEqual({
      totalCelebrities: 2,
      descriptionsGenerated: 1,
      totalLooks: 2,
      networks: 2,
    });
  });
});

describe('PUT /api/admin/celebrities/{id}', () => {
  it('edits the fields; an edited description is no longer generated', async () => {
    const res = await t.admin('PUT', `/api/admin/celebrities/${kyle}`, {
      description: 'Written by an admin.',
      profileImage: 'https://img.example/kyle.jpg',
      shows: ['RHOBH', ' rhobh ', 'Halloween'],
      mainShow: 'RHOBH',
      network: ' Bravo TV ',
      location: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminCelebrity>()).toMatchObject({
      name: 'Kyle Richards',
      description: 'Written by an admin.',
      descriptionGenerated: false,
      profileImage: 'https://img.example/kyle.jpg',
      shows: ['RHOBH', 'Halloween'],
      mainShow: 'RHOBH',
      network: 'Bravo TV',
      location: null,
    });
  });

  it('renames the celebrity, their slug and every post of theirs, with events, and the public profile follows', async () => {
    const ids = await addPosts(t.db, [
      { celebrity: 'Kyle Richards' },
      { celebrity: 'KYLE RICHARDS', status: 'pending' },
      { celebrity: 'Lisa Rinna' },
    ]);
    expect((await t.app.inject({ url: '/api/posts/celebrity/kyle-richards' })).statusCode).toBe(200);
    const res = await t.admin('PUT', `/api/admin/celebrities/${kyle}`, { name: 'Kyle Umansky' });
    expect(res.json()).toMatchObject({ name: 'Kyle Umansky', slug: 'kyle-umansky', totalLooks: 1 });
    const posts = await t.db.selectFrom('posts').select(['id', 'celebrity']).orderBy('created_at').execute();
    expect(posts.map((p) => p.celebrity)).toEqual(['Kyle Umansky', 'Kyle Umansky', 'Lisa Rinna']);
    const events = (await outbox()).map((r) => r.payload as PostChangedEvent);
    expect(events.map((e) => e.postId).sort()).toEqual([ids[0], ids[1]].sort());
    expect(events.every((e) => e.kind === 'updated' && e.post!.celebrity === 'Kyle Umansky')).toBe(true);
    const profile = await t.app.inject({ url: '/api/posts/celebrity/kyle-umansky' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ celebrity: { name: 'Kyle Umansky' } });
    expect((await t.app.inject({ url: '/api/posts/celebrity/kyle-richards' })).statusCode).toBe(404);
    const filter = await t.admin('GET', '/api/admin/posts/filters/celebrities');
    expect(filter.json()).toEqual({ celebrities: ['Kyle Umansky', 'Lisa Rinna'] });
  });

  it('refuses a name another celebrity has (409) and a blank one (400), changing nothing', async () => {
    const clash = await t.admin('PUT', `/api/admin/celebrities/${kyle}`, { name: 'lisa rinna' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: 'A celebrity named Lisa Rinna already exists' });
    expect((await t.admin('PUT', `/api/admin/celebrities/${kyle}`, { name: '  ' })).statusCode).toBe(400);
    expect(
      (await t.admin('PUT', `/api/admin/celebrities/${crypto.randomUUID()}`, { name: 'X' })).statusCode,
    ).toBe(404);
    const row = await t.db.selectFrom('celebrities').select('name').where('id', '=', kyle).executeTakeFirst();
    expect(row?.name).toBe('Kyle Richards');
  });
});

describe('DELETE /api/admin/celebrities/{id}', () => {
  it('refuses while posts of any status carry the name, and deletes once none do', async () => {
    await addPosts(t.db, [{ celebrity: 'lisa rinna', status: 'rejected' }]);
    const refused = await t.admin('DELETE', `/api/admin/celebrities/${lisa}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Lisa Rinna still has 1 post: reassign or delete them first',
    });
    await t.db.deleteFrom('posts').execute();
    const res = await t.admin('DELETE', `/api/admin/celebrities/${lisa}`);
    expect(res.json()).toEqual({ deleted: true, _id: lisa });
    expect((await t.admin('DELETE', `/api/admin/celebrities/${lisa}`)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/shows (admin.md §7 Shows: page, limit 20, search)', () => {
  it('lists shows A to Z with their approved posts, spelled with or without The', async () => {
    await addPosts(t.db, [
      { show: 'The Office' },
      { show: 'office' },
      { show: 'The Office', status: 'hidden' },
    ]);
    const answer = (await t.admin('GET', '/api/admin/shows')).json<AdminShowListAnswer>();
    expect(answer.shows.map((s) => [s.name, s.postCount])).toEqual([
      ['RHOBH', 0],
      ['The Office', 2],
    ]);
    expect(answer.shows[1]).toEqual({
      _id: office,
      name: 'The Office',
      slug: 'the-office',
      searchTerm: null,
      network: 'NBC',
      status: 'Ended',
      genres: ['Comedy'],
      summary: null,
      originalImage: null,
      mediumImage: null,
      postCount: 2,
      premiered: '2005-03-24',
      tvmazeId: null,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(answer.pagination).toEqual({
      totalShows: 2,
      totalPages: 1,
      currentPage: 1,
      limit: 20,
      hasPrevPage: false,
      hasNextPage: false,
    });
    const search = (await t.admin('GET', '/api/admin/shows?search=housewives')).json<AdminShowListAnswer>();
    expect(search.shows.map((s) => s.name)).toEqual(['RHOBH']);
    expect((await t.admin('GET', '/api/admin/shows?page=0')).statusCode).toBe(400);
  });

  it('answers the stats', async () => {
    await addPosts(t.db, [{ show: 'RHOBH' }, { show: 'The Office' }]);
    expect((await t.admin('GET', '/api/admin/shows/stats')).json()).toEqual({
      totalShows: 2,
      running: 1,
      totalPosts: 2,
      networks: 2,
    });
  });
});

describe('PUT /api/admin/shows/{id}', () => {
  it('edits every field of the spec and remembers which ones were set by hand', async () => {
    const res = await t.admin('PUT', `/api/admin/shows/${rhobh}`, {
      searchTerm: 'Real Housewives of Beverly Hills',
      network: 'Bravo',
      status: 'To Be Determined',
      genres: ['Reality', 'reality', ' Drama '],
      summary: 'Rich women.',
      originalImage: 'https://img.example/o.jpg',
      mediumImage: 'https://img.example/m.jpg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminShow>()).toMatchObject({
      searchTerm: 'Real Housewives of Beverly Hills',
      status: 'To Be Determined',
      genres: ['Reality', 'Drama'],
      summary: 'Rich women.',
    });
    const row = await t.db
      .selectFrom('shows')
      .select('edited_fields')
      .where('id', '=', rhobh)
      .executeTakeFirstOrThrow();
    // network was sent unchanged, so it is not marked as edited.
    expect(row.edited_fields.sort()).toEqual(['genres', 'mediumImage', 'originalImage', 'status', 'summary']);
  });

  it('refuses image addresses that are not http(s) or a path on this site (400), changing nothing', async () => {
    for (const [path, body, message] of [
      [`/api/admin/celebrities/${kyle}`, { profileImage: 'javascript:alert(1)' }, 'profileImage'],
      [`/api/admin/shows/${rhobh}`, { originalImage: 'data:image/png;base64,AAAA' }, 'originalImage'],
      [`/api/admin/shows/${rhobh}`, { mediumImage: '//evil.example/m.jpg' }, 'mediumImage'],
    ] as const) {
      const res = await t.admin('PUT', path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message: `${message} must be an http(s) URL or a path` });
    }
    const celebrity = await t.db
      .selectFrom('celebrities')
      .select('profile_image')
      .where('id', '=', kyle)
      .executeTakeFirst();
    expect(celebrity?.profile_image ?? '').not.toMatch(/javascript:/);
    const show = await t.db
      .selectFrom('shows')
      .select(['original_image', 'medium_image'])
      .where('id', '=', rhobh)
      .executeTakeFirst();
    expect(JSON.stringify(show)).not.toMatch(/data:|evil/);
  });

  it('refuses a status outside the four of the spec', async () => {
    const res = await t.admin('PUT', `/api/admin/shows/${rhobh}`, { status: 'Cancelled' });
    expect(res.statusCode).toBe(400);
  });

  it('renames the show in its posts (with or without The) and in celebrities’ lists, with events', async () => {
    await addPosts(t.db, [{ show: 'The Office' }, { show: 'office', status: 'pending' }, { show: 'RHOBH' }]);
    const res = await t.admin('PUT', `/api/admin/shows/${office}`, { name: 'The Office (US)' });
    expect(res.json()).toMatchObject({ name: 'The Office (US)', slug: 'the-office-us', postCount: 1 });
    const shows = await t.db.selectFrom('posts').select('show').orderBy('created_at').execute();
    expect(shows.map((s) => s.show)).toEqual(['The Office (US)', 'The Office (US)', 'RHOBH']);
    expect(await outbox()).toHaveLength(2);
    const k = await t.db
      .selectFrom('celebrities')
      .select(['shows', 'main_show'])
      .where('id', '=', kyle)
      .executeTakeFirstOrThrow();
    expect(k).toEqual({ shows: ['The Office (US)', 'RHOBH'], main_show: 'The Office (US)' });
    expect((await t.app.inject({ url: '/api/posts/show/the-office-us' })).json()).toMatchObject({
      show: { name: 'The Office (US)', totalLooks: 1 },
    });
  });

  it('refuses a name another show has (409)', async () => {
    const res = await t.admin('PUT', `/api/admin/shows/${office}`, { name: 'rhobh' });
    expect(res.statusCode).toBe(409);
  });
});

describe('DELETE /api/admin/shows/{id}', () => {
  it('refuses while posts are of the show, and otherwise deletes it, its cast and its place in lists', async () => {
    await addPosts(t.db, [{ show: 'Office', status: 'hidden' }]);
    const refused = await t.admin('DELETE', `/api/admin/shows/${office}`);
    expect(refused.statusCode).toBe(409);
    await t.db.deleteFrom('posts').execute();
    expect((await t.admin('DELETE', `/api/admin/shows/${office}`)).json()).toEqual({
      deleted: true,
      _id: office,
    });
    expect(await t.db.selectFrom('show_cast').selectAll().execute()).toEqual([]);
    const k = await t.db
      .selectFrom('celebrities')
      .select(['shows', 'main_show'])
      .where('id', '=', kyle)
      .executeTakeFirstOrThrow();
    expect(k).toEqual({ shows: ['RHOBH'], main_show: null });
    expect((await t.admin('DELETE', `/api/admin/shows/${office}`)).statusCode).toBe(404);
  });
});
