import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRetailer, type FakeRetailer } from './helpers/fake-retailer.ts';
import { htmlPage, productJsonLd } from './helpers/product-pages.ts';

const run = promisify(execFile);
const workspace = fileURLToPath(new URL('..', import.meta.url));
let farm: FakeRetailer;

/** Runs the CLI as `npm run check-link` does; never rejects, so exit codes can be asserted. */
async function checkLink(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/check-link-command.ts', ...args],
      {
        cwd: workspace,
        env: { ...process.env, LINK_CHECK_RESOLVE: '' },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  farm = await startFakeRetailer();
  farm.page(
    'shop.test',
    '/p/coat',
    htmlPage({ head: productJsonLd({ price: '320.00', priceCurrency: 'USD', availability: 'InStock' }) }),
  );
  farm.on(
    'shop.test',
    '/go',
    (_request, response) => void response.writeHead(302, { location: '/p/coat' }).end(),
  );
});
afterAll(() => farm.close());

describe('npm run check-link', () => {
  it('prints the whole result as one JSON object and exits 0', async () => {
    const { code, stdout } = await checkLink(
      '--resolve',
      `shop.test:${farm.port}:127.0.0.1`,
      '--timeout-ms',
      '5000',
      farm.url('shop.test', '/go'),
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(Object.keys(result).sort()).toEqual(
      [
        'confidence',
        'currency',
        'errorMessage',
        'finalUrl',
        'httpStatus',
        'linkStatus',
        'price',
        'redirectChain',
        'responseTime',
        'retailer',
        'retailerDomain',
        'retryAfterSeconds',
        'stockStatus',
        'url',
      ].sort(),
    );
    expect(result).toMatchObject({
      linkStatus: 'active',
      price: 320,
      finalUrl: farm.url('shop.test', '/p/coat'),
      redirectChain: [{ status: 302 }],
    });
  });

  it('exits 0 for a link that is not healthy, and refuses a loopback target it was not pinned to', async () => {
    const before = farm.requests.length;
    const { code, stdout } = await checkLink(`http://127.0.0.1:${farm.port}/p/coat`);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ linkStatus: 'invalid' });
    expect(farm.requests.length).toBe(before);
  });

  it.each([
    [[], 'Give exactly one URL'],
    [['http://a.test/', 'http://b.test/'], 'Give exactly one URL'],
    [['--timeout-ms', 'soon', 'http://a.test/'], '--timeout-ms must be'],
    [['--timeout-ms', '10', 'http://a.test/'], '--timeout-ms must be'],
    [['--resolve', 'a.test:80', 'http://a.test/'], 'Invalid pin'],
    [['--frobnicate', 'http://a.test/'], 'Unknown option'],
  ])('exits 2 with a message on bad arguments %j', async (args, message) => {
    const { code, stdout, stderr } = await checkLink(...args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
  });
});
