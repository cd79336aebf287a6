import { parseArgs } from 'node:util';
import { HostPinError, parsePins } from './modules/link-check-engine/host-pins.ts';
import { createLinkChecker, DEFAULT_CHECK_TIMEOUT_MS } from './modules/link-check-engine/link-checker.ts';

const USAGE = `Usage: npm run check-link -w @celebstyle/link-validation -- [--resolve host:port:address]... [--timeout-ms N] URL

Checks one link with the link checker engine and prints its result as one JSON object.
  --resolve host:port:address   connect to address for host:port (as curl --resolve); repeatable.
                                LINK_CHECK_RESOLVE (comma-separated) adds pins too.
  --timeout-ms N                whole check timeout, 1000-120000 ms (default ${DEFAULT_CHECK_TIMEOUT_MS})`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function readArguments() {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: {
        resolve: { type: 'string', multiple: true, default: [] },
        'timeout-ms': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) fail('Give exactly one URL.');
  const timeoutText = parsed.values['timeout-ms'];
  const timeoutMs = timeoutText === undefined ? DEFAULT_CHECK_TIMEOUT_MS : Number(timeoutText);
  if (!/^\d+$/.test(timeoutText ?? '0') || timeoutMs < 1_000 || timeoutMs > 120_000) {
    fail(`--timeout-ms must be a whole number from 1000 to 120000 (got '${timeoutText}').`);
  }
  try {
    const pins = parsePins([...(process.env.LINK_CHECK_RESOLVE ?? '').split(','), ...parsed.values.resolve]);
    return { url: parsed.positionals[0]!, timeoutMs, pins };
  } catch (error) {
    if (error instanceof HostPinError) fail(error.message);
    throw error;
  }
}

const { url, timeoutMs, pins } = readArguments();
const checker = createLinkChecker({ pins, timeoutMs });
try {
  const result = await checker.check(url);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  await checker.close();
}
