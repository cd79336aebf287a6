import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkChecker, type LinkChecker } from '../../src/modules/link-check-engine/link-checker.ts';
import type { HostResolver } from '../../src/modules/link-check-engine/host-resolver.ts';
import { startFakeRetailer, type FakeRetailer } from '../helpers/fake-retailer.ts';
import { htmlPage, productJsonLd } from '../helpers/product-pages.ts';

let farm: FakeRetailer;
let checker: LinkChecker;
const lookedUp: string[] = [];
/** Records every name the checker asks DNS about (it must ask none in pinned-only mode). */
const recordingResolver: HostResolver = async (hostname) => {
  lookedUp.push(hostname);
  return ['93.184.216.34'];
};

beforeAll(async () => {
  farm = await startFakeRetailer();
  farm.page('farm.test', '/p/1', htmlPage({ head: productJsonLd({ availability: 'InStock' }) }));
  farm.on(
    'farm.test',
    '/away',
    (_request, response) =>
      void response.writeHead(302, { location: 'https://www.retailer.example/p/1' }).end(),
  );
  checker = createLinkChecker({
    pins: farm.pins('farm.test'),
    resolve: recordingResolver,
    pinnedOnly: true,
    timeoutMs: 5_000,
  });
});
afterAll(async () => {
  await checker.close();
  await farm.close();
});

describe('pinned-only mode (a development stack or CI)', () => {
  it('checks pinned hosts as usual', async () => {
    expect((await checker.check(farm.url('farm.test', '/p/1'))).linkStatus).toBe('active');
  });

  it('contacts no other host, not even through DNS, and says so', async () => {
    const direct = await checker.check('https://www.retailer.example/p/1');
    expect(direct).toMatchObject({
      linkStatus: 'unknown',
      errorMessage: 'Not checked: www.retailer.example is not a pinned host (LINK_CHECK_PINNED_ONLY)',
    });
    const redirected = await checker.check(farm.url('farm.test', '/away'));
    expect(redirected.linkStatus).toBe('unknown');
    expect(lookedUp).toEqual([]);
  });
});
