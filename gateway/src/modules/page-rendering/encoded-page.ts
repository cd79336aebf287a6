import { Negotiator } from '@fastify/accept-negotiator';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Smaller pages are not worth compressing (the response compression's threshold too). */
const COMPRESS_MIN_BYTES = 1024;
// The same settings as the gateway's response compression (plugins/response-compression.ts).
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: 6 }),
};
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

/** The encoding to send for an Accept-Encoding header, or null for the plain bytes. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  // RFC 9110 §12.5.3: '*' and the x-gzip alias mean gzip will do.
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
}

type Bytes = { body: Buffer; encoded: Partial<Record<Encoding, Promise<Buffer>>> };

/**
 * A rendered page's bytes, compressed once per page and encoding rather than once per request: a
 * product page is over 100 KB of HTML (its dehydrated data included), and compressing it for each
 * visitor cost more than everything else a cached page costs. Kept as long as the page object
 * (the render cache hands back the same object while it keeps the page).
 */
export function pageBytes() {
  const bytesOf = new WeakMap<object, Bytes>();
  return async function bytes(
    page: object,
    html: string,
    acceptEncoding: string | undefined,
  ): Promise<{ body: Buffer; encoding: Encoding | null }> {
    let held = bytesOf.get(page);
    if (!held) {
      held = { body: Buffer.from(html), encoded: {} };
      bytesOf.set(page, held);
    }
    const encoding = held.body.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(acceptEncoding) : null;
    if (!encoding) return { body: held.body, encoding: null };
    const pending = (held.encoded[encoding] ??= compressors[encoding](held.body));
    try {
      return { body: await pending, encoding };
    } catch {
      // Never expected; the plain bytes are still a correct answer, and the next request retries.
      delete held.encoded[encoding];
      return { body: held.body, encoding: null };
    }
  };
}
