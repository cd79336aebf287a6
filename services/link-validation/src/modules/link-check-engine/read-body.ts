import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

export interface BodyBytes {
  /** The body, until it is decoded: then empty, so that a page in flight is held once, as text. */
  bytes: Buffer;
  /** How many (decompressed) bytes were read. */
  size: number;
}

export class UnsupportedEncodingError extends Error {
  constructor(encoding: string) {
    super(`Unsupported content encoding '${encoding}'`);
    this.name = 'UnsupportedEncodingError';
  }
}

/**
 * Reads an answer body, decompressing gzip, deflate and br, and stops at `cap` decompressed bytes
 * (a compression bomb costs us at most the cap). A truncated compressed stream yields what it had:
 * a product page cut short still carries its head, where the structured data usually is.
 */
export async function readBody(
  body: Readable,
  contentEncoding: string | undefined,
  cap: number,
): Promise<BodyBytes> {
  const decoder = decompressorFor(contentEncoding);
  const source: AsyncIterable<Buffer> = decoder ? body.pipe(decoder) : body;
  if (decoder) body.once('error', (error) => decoder.destroy(error));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      const room = cap - size;
      if (chunk.length >= room) {
        chunks.push(chunk.subarray(0, room));
        size = cap;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (error) {
    // A decompressor that fails after some output (a cut or corrupt stream) keeps that output.
    if (!decoder || size === 0) throw error;
  } finally {
    body.destroy();
    decoder?.destroy();
  }
  return { bytes: Buffer.concat(chunks, size), size };
}

function decompressorFor(
  contentEncoding: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  const codings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0) return null;
  if (codings.length > 1) throw new UnsupportedEncodingError(codings.join(', '));
  switch (codings[0]) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'deflate':
      return zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    default:
      throw new UnsupportedEncodingError(codings[0]!);
  }
}
