import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/**
 * Compresses API answers (JSON lists of posts are 20–40 KB) for browsers that accept it: a phone on
 * a slow network gets the Fashion listing several times faster. Brotli at a low quality and gzip at
 * the default level keep the gateway's CPU cost per answer small; responses that are already encoded
 * (the web build's pre-compressed assets) and small ones pass untouched.
 */
async function responseCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    // Request bodies pass to the services as they came. Decompressing them here broke mid-stream
    // on a body that was not what its Content-Encoding said, and the proxy answered 502.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export default fp(responseCompression, { name: 'response-compression' });
