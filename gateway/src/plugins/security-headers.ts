import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers for two Vite-built React apps and a JSON API on one origin. Scripts only from
 * our own bundles; inline styles allowed because React components and libraries set style
 * attributes; images also from data: and blob: (placeholders, generated previews); API calls to
 * ourselves only. Nothing may frame the site.
 *
 * helmet itself rather than @fastify/helmet: the plugin builds the middleware, parsing every CSP
 * directive, again for each request (9% of the gateway's CPU under load); this builds it once.
 */
const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      scriptSrcAttr: ["'none'"],
    },
  },
  // Same-origin by default, but the storefront's images may be shown in e-mails and shares.
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
