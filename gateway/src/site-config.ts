import type { SiteConfig } from '@celebstyle/contracts';
import type { GatewayConfig } from './config.ts';

export function siteConfigFrom(config: GatewayConfig): SiteConfig {
  return {
    siteUrl: config.PUBLIC_SITE_URL.replace(/\/$/, ''),
    affiliate: {
      redirectBaseUrl: config.AFFILIATE_REDIRECT_BASE_URL,
      partnerId: config.AFFILIATE_PARTNER_ID,
    },
    social: {
      instagram: config.SOCIAL_INSTAGRAM_URL,
      tiktok: config.SOCIAL_TIKTOK_URL,
      pinterest: config.SOCIAL_PINTEREST_URL,
      facebook: config.SOCIAL_FACEBOOK_URL,
      x: config.SOCIAL_X_URL,
    },
  };
}
