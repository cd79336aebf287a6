import type { SiteConfig } from '@celebstyle/contracts';

/** What the request side needs to compose e-mails (storefront.md §7 template fields). */
export interface MailSettings {
  /** Public storefront address, no trailing slash; links in e-mails point here. */
  siteUrl: string;
  social: SiteConfig['social'];
  from: string;
  supportTeamEmail: string;
  /** HMAC key of one-click unsubscribe links. */
  signingSecret: string;
}

/** storefront.md §2: /terms is also linked as the Privacy Policy. */
export const privacyUrl = (settings: MailSettings) => `${settings.siteUrl}/terms`;
