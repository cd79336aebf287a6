import type { BulkShareContentAnswer, ShareContent } from '@celebstyle/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SocialPublisher } from '../src/modules/sharing/social-publisher.ts';
import { socialPublishingSettings } from '../src/modules/sharing/social-settings.ts';
import { startFakeLateApi, type FakeLateApi } from './helpers/fake-late-api.ts';
import { addPosts } from './helpers/post-fixtures.ts';
import { startAdminTestCatalog, type AdminTestCatalog } from './helpers/app.ts';

const SITE = 'https://celebstyle.example';
let late: FakeLateApi;
let t: AdminTestCatalog;
let unconfigured: AdminTestCatalog;
let wrongKey: AdminTestCatalog;
let approved: string;
let pending: string;

beforeAll(async () => {
  late = await startFakeLateApi();
  const publisher = (apiKey: string) =>
    new SocialPublisher(
      socialPublishingSettings({
        LATE_API_KEY: apiKey,
        LATE_API_BASE_URL: late.baseUrl,
        LATE_ACCOUNT_IDS: 'instagram=acc_ig, twitter=acc_x',
      }),
    );
  t = await startAdminTestCatalog('admin_sharing', {
    sharing: { siteUrl: SITE, publisher: publisher('late-test-key') },
  });
  unconfigured = await startAdminTestCatalog('admin_sharing_off', {
    sharing: { siteUrl: SITE, publisher: new SocialPublisher(socialPublishingSettings({})) },
  });
  wrongKey = await startAdminTestCatalog('admin_sharing_bad_key', {
    sharing: { siteUrl: SITE, publisher: publisher('wrong-key') },
  });
  [approved, pending] = (await addPosts(t.db, [
    {
      title: 'Red Satin Midi Dress',
      celebrity: 'Kyle Richards',
      show: 'The Real Housewives of Beverly Hills',
      brand: 'Reformation',
      product_type: 'Dress',
      main_image: '/api/images/posts/a.svg',
      enhanced_image: '/api/images/posts/a-enhanced.svg',
    },
    { status: 'pending' },
  ])) as [string, string];
  await addPosts(unconfigured.db, [{ id: approved }]);
});
afterAll(async () => {
  await t?.close();
  await unconfigured?.close();
  await wrongKey?.close();
  await late?.close();
});
beforeEach(() => {
  late.requests.length = 0;
  late.next.postStatus = 200;
  late.next.postBody = null;
  late.next.accountsStatus = 200;
});

describe('GET /api/admin/posts/{id}/share-content (admin.md §2 Sharing, §3 Share content)', () => {
  it('builds the share content of an approved post', async () => {
    const res = await t.admin('GET', `/api/admin/posts/${approved}/share-content`);
    expect(res.statusCode).toBe(200);
    const content = res.json<ShareContent>();
    expect(content).toEqual({
      image: `${SITE}/api/images/posts/a-enhanced.svg`,
      title: 'Red Satin Midi Dress',
      celebrity: 'Kyle Richards',
      show: 'The Real Housewives of Beverly Hills',
      caption: expect.any(String),
      hashtags: [
        '#KyleRichards',
        '#TheRealHousewivesOfBeverlyHills',
        '#Reformation',
        '#Dress',
        '#CelebStyle',
        '#AsSeenOnTV',
      ],
      postUrl: `${SITE}/product/${approved}`,
      postId: approved,
    });
    expect(content.caption).toContain('As worn by Kyle Richards on The Real Housewives of Beverly Hills');
    expect(content.caption).toContain(`Shop the look: ${SITE}/product/${approved}`);
    expect(content.caption.endsWith(content.hashtags.join(' '))).toBe(true);
  });

  it('refuses a post that is not approved (400) and an unknown one (404)', async () => {
    const res = await t.admin('GET', `/api/admin/posts/${pending}/share-content`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Only approved posts can be shared: this post is pending' });
    expect((await t.admin('GET', `/api/admin/posts/${crypto.randomUUID()}/share-content`)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/admin/posts/bulk-share-content', () => {
  it('answers the approved posts and says which were skipped', async () => {
    const unknown = crypto.randomUUID();
    const res = await t.admin('POST', '/api/admin/posts/bulk-share-content', {
      postIds: [pending, approved, unknown],
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<BulkShareContentAnswer>();
    expect(answer.posts.map((p) => p.postId)).toEqual([approved]);
    expect(answer.skipped).toEqual([
      { postId: pending, reason: 'Only approved posts can be shared: this post is pending' },
      { postId: unknown, reason: 'Post not found' },
    ]);
  });

  it('needs at least one approved post (400)', async () => {
    const res = await t.admin('POST', '/api/admin/posts/bulk-share-content', { postIds: [pending] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please select at least one approved post to share.' });
  });
});

describe('POST /api/admin/posts/{id}/publish-to-social (through the Late API)', () => {
  it('publishes the caption with the post’s image to the configured accounts', async () => {
    const res = await t.admin('POST', `/api/admin/posts/${approved}/publish-to-social`, {
      caption: '  Shop it now #KyleRichards ',
      platforms: ['instagram'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      status: 'published',
      message: 'Post published',
      error: null,
      postId: 'late_post_1',
    });
    expect(late.requests).toHaveLength(1);
    expect(late.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/posts',
      authorization: 'Bearer late-test-key',
      body: {
        content: 'Shop it now #KyleRichards',
        mediaItems: [{ type: 'image', url: `${SITE}/api/images/posts/a-enhanced.svg` }],
        platforms: [{ platform: 'instagram', accountId: 'acc_ig' }],
        publishNow: true,
      },
    });
  });

  it('reports a refusal of the API as a failed publish (502), never a success', async () => {
    late.next.postStatus = 400;
    late.next.postBody = { error: 'Instagram requires an image of at least 320 px' };
    const res = await t.admin('POST', `/api/admin/posts/${approved}/publish-to-social`, {
      caption: 'Hi',
      platforms: ['instagram'],
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      statusCode: 502,
      code: 'PUBLISH_FAILED',
      success: false,
      status: 'failed',
      message: 'Failed to publish to Instagram',
      postId: null,
    });
    expect(res.json().error).toContain('Instagram requires an image of at least 320 px');
  });

  it('reports a partial publish as a failure with the API’s post id', async () => {
    late.next.postBody = {
      message: 'Published to 1 of 2 platforms',
      error: 'Twitter rejected the media',
      post: { _id: 'late_post_2', status: 'partial' },
    };
    const res = await t.admin('POST', `/api/admin/posts/${approved}/publish-to-social`, {
      caption: 'Hi',
      platforms: ['instagram', 'twitter'],
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, status: 'partial', postId: 'late_post_2' });
  });

  it('refuses a blank caption, an unconfigured platform and a post that is not approved (400)', async () => {
    const blank = await t.admin('POST', `/api/admin/posts/${approved}/publish-to-social`, {
      caption: '   ',
      platforms: ['instagram'],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Caption is required for publishing' });
    const tiktok = await t.admin('POST', `/api/admin/posts/${approved}/publish-to-social`, {
      caption: 'x',
      platforms: ['tiktok'],
    });
    expect(tiktok.json()).toMatchObject({
      statusCode: 400,
      message: 'No social account is configured for tiktok',
    });
    const notApproved = await t.admin('POST', `/api/admin/posts/${pending}/publish-to-social`, {
      caption: 'x',
      platforms: ['instagram'],
    });
    expect(notApproved.statusCode).toBe(400);
    expect(late.requests).toHaveLength(0);
  });

  it('refuses platform names that are names of object properties (400) and calls nothing', async () => {
    for (const platform of [
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'Constructor',
    ]) {
      const res = await t.admin('POST', `/api/admin/posts/${approved}/publish-to-social`, {
        caption: 'x',
        platforms: [platform],
      });
      expect(res.statusCode, platform).toBe(400);
      expect(res.json()).toMatchObject({ message: `No social account is configured for ${platform}` });
    }
    expect(late.requests).toHaveLength(0);
  });

  it('answers 503 Social publishing is not configured without a key, and calls nothing', async () => {
    const res = await unconfigured.admin('POST', `/api/admin/posts/${approved}/publish-to-social`, {
      caption: 'x',
      platforms: ['instagram'],
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'Social publishing is not configured' });
    expect(late.requests).toHaveLength(0);
  });
});

describe('GET /api/admin/posts/late-dev/status', () => {
  it('says publishing is configured and connected, with the accounts', async () => {
    const res = await t.admin('GET', '/api/admin/posts/late-dev/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      configured: true,
      connected: true,
      message: 'Social publishing is configured and connected',
      accounts: [
        {
          platform: 'instagram',
          accountId: 'acc_ig',
          username: 'celebstyle',
          isActive: true,
          configured: true,
        },
        {
          platform: 'twitter',
          accountId: 'acc_x',
          username: 'celebstyle_x',
          isActive: true,
          configured: true,
        },
      ],
    });
  });

  it('says when the API does not answer or refuses the key', async () => {
    late.next.accountsStatus = 503;
    const down = (await t.admin('GET', '/api/admin/posts/late-dev/status')).json();
    expect(down).toMatchObject({ configured: true, connected: false, accounts: [] });
    expect(down.message).toMatch(/^The social publishing API did not answer: /);
    const refused = (await wrongKey.admin('GET', '/api/admin/posts/late-dev/status')).json();
    expect(refused).toMatchObject({ configured: true, connected: false });
    expect(refused.message).toContain('Invalid API key');
  });

  it('says when publishing is not configured', async () => {
    expect((await unconfigured.admin('GET', '/api/admin/posts/late-dev/status')).json()).toEqual({
      configured: false,
      connected: false,
      message: 'Social publishing is not configured',
      accounts: [],
    });
  });
});
