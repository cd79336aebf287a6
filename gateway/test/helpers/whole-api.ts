// The service workspaces have no package exports; their index.ts is what other workspaces may call.
import {
  buildApp as buildAccounts,
  createPasswordHasher,
  generateSigningKeyPair,
  importSigningKey,
  migrate as migrateAccounts,
  schema as accountsSchema,
  type Database as AccountsDatabase,
} from '../../../services/accounts/src/index.ts';
import {
  buildApp as buildCatalog,
  connectDb as connectCatalogDb,
  migrate as migrateCatalog,
} from '../../../services/catalog/src/index.ts';
import {
  buildApp as buildLinkValidation,
  migrate as migrateLinkValidation,
  type Database as LinkValidationDatabase,
} from '../../../services/link-validation/src/index.ts';
import {
  buildApp as buildNewsletterSupport,
  createEmailQueue,
  httpAlertTargets,
  migrate as migrateNewsletterSupport,
  type Database as NewsletterSupportDatabase,
} from '../../../services/newsletter-support/src/index.ts';
import { createDb, createTestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis } from '@celebstyle/queue';
import { createAuthGuards, redisTokenVersions, type ServiceInstance } from '@celebstyle/service-kit';
import { UPSTREAM_NAMES, type UpstreamName } from '../../src/route-table.ts';
import { buildTestGateway, TEST_SITE_CONFIG } from './build-gateway.ts';
import { createTestKeys } from './keys.ts';

export interface WholeApi {
  /** A gateway as in production: the admin part of /api/docs only for a signed-in admin. */
  gateway: ServiceInstance;
  /** Each service as the gateway reaches it. */
  services: Record<UpstreamName, ServiceInstance>;
  /** An admin access token the gateway and the services accept. */
  adminToken: string;
  close(): Promise<void>;
}

/**
 * Every service built as it is deployed (each on a throw-away database of its own, one Redis
 * prefix), listening on loopback, behind one gateway: what /api/docs combines in production.
 */
export async function startWholeApi(name: string): Promise<WholeApi> {
  const cleanup: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const step of cleanup.reverse()) await step();
  };
  try {
    const [catalogDatabase, accountsDatabase, newsletterDatabase, linkDatabase] = await Promise.all(
      ['catalog', 'accounts', 'newsletter', 'links'].map((service) =>
        createTestDatabase(`${name}_${service}`),
      ),
    );
    for (const database of [catalogDatabase, accountsDatabase, newsletterDatabase, linkDatabase])
      cleanup.push(() => database!.drop());
    const testRedis = await createTestRedis(name);
    cleanup.push(() => testRedis.cleanup());
    const redis = createProducerConnection(testRedis.url, { lazyConnect: true });
    await redis.connect();
    cleanup.push(() => redis.disconnect());

    const catalogDb = connectCatalogDb(catalogDatabase!.url, { max: 2 });
    const accountsDb = createDb<AccountsDatabase>({
      connectionString: accountsDatabase!.url,
      schema: accountsSchema,
      max: 2,
    });
    const newsletterDb = createDb<NewsletterSupportDatabase>({
      connectionString: newsletterDatabase!.url,
      max: 2,
    });
    const linkDb = createDb<LinkValidationDatabase>({ connectionString: linkDatabase!.url, max: 2 });
    for (const db of [catalogDb, accountsDb, newsletterDb, linkDb]) cleanup.push(() => db.destroy());
    await Promise.all([
      migrateCatalog(catalogDb),
      migrateAccounts(accountsDb),
      migrateNewsletterSupport(newsletterDb),
      migrateLinkValidation(linkDb),
    ]);

    const keys = await createTestKeys();
    const guards = createAuthGuards(keys.verifier, redisTokenVersions(redis));
    const signing = await generateSigningKeyPair();
    const emailQueue = createEmailQueue(redis, testRedis.prefix);
    cleanup.push(() => emailQueue.close());
    const upstreams = {} as Record<UpstreamName, string>;
    const services: Record<UpstreamName, ServiceInstance> = {
      catalog: await buildCatalog({
        db: catalogDb,
        redis,
        keyPrefix: testRedis.prefix,
        guards,
        logLevel: 'silent',
      }),
      accounts: await buildAccounts({
        db: accountsDb,
        redis,
        signingKey: await importSigningKey(signing.privateJwk),
        jwks: null,
        issuer: 'celebstyle-accounts',
        audience: 'celebstyle-admin',
        hasher: await createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
        keyPrefix: testRedis.prefix,
        logLevel: 'silent',
      }),
      'newsletter-support': await buildNewsletterSupport({
        db: newsletterDb,
        redis,
        emailQueue,
        guards,
        mail: {
          siteUrl: 'https://shop.test',
          from: 'CelebStyle <no-reply@celebstyle.test>',
          supportTeamEmail: 'team@celebstyle.test',
          signingSecret: 'test-signing-secret-test-signing-secret',
          social: TEST_SITE_CONFIG.social,
        },
        keyPrefix: testRedis.prefix,
        logLevel: 'silent',
        // link-validation listens after this is built: its address is read when an alert is set
        alertTargets: { find: (postId) => httpAlertTargets(upstreams['link-validation']).find(postId) },
      }),
      'link-validation': await buildLinkValidation({
        db: linkDb,
        redis,
        keyPrefix: testRedis.prefix,
        guards,
        logLevel: 'silent',
      }),
    };
    for (const service of UPSTREAM_NAMES) {
      cleanup.push(() => services[service].close());
      upstreams[service] = await services[service].listen({ port: 0, host: '127.0.0.1' });
    }
    const gateway = await buildTestGateway({ upstreams, guards });
    cleanup.push(() => gateway.close());
    return { gateway, services, adminToken: await keys.sign(), close };
  } catch (error) {
    await close();
    throw error;
  }
}
