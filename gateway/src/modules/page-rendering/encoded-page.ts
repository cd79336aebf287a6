import { acceptedEncoding, COMPRESS_MIN_BYTES, compressors, type Encoding } from '@celebstyle/service-kit';

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
