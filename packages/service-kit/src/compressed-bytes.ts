import { Negotiator } from '@fastify/accept-negotiator';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Compressing bytes that are sent many times (a kept page in the gateway, a cached answer in the
 * catalog) once per encoding: the encodings offered, the size below which it is not worth it, and
 * the same settings as the gateway's response compression (gateway/src/plugins/response-compression.ts).
 */
export type Encoding = 'br' | 'gzip';

/** Smaller bodies are not worth compressing (the gateway's response compression threshold too). */
export const COMPRESS_MIN_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
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
