import { Type, type Static } from '@sinclair/typebox';

/**
 * GET /api/site-config, answered by the gateway from its environment: run-time settings the web
 * apps read at start instead of baking them into bundles (storefront.md §4 affiliate rewriting,
 * §7 site and social URLs for e-mails).
 */
export const SiteConfig = Type.Object({
  siteUrl: Type.String(),
  affiliate: Type.Object({
    /** Base address of the affiliate redirect service; links pass through it in a `url` parameter. */
    redirectBaseUrl: Type.String(),
    /** The fixed partner id sent along with every rewritten link. */
    partnerId: Type.String(),
  }),
  social: Type.Object({
    instagram: Type.String(),
    tiktok: Type.String(),
    pinterest: Type.String(),
    facebook: Type.String(),
    x: Type.String(),
  }),
});
export type SiteConfig = Static<typeof SiteConfig>;
