import type { SocialPublisher } from './social-publisher.ts';

/** What sharing needs from the process: the storefront's address and the social publisher. */
export interface SharingDeps {
  /** The storefront's address (PUBLIC_SITE_URL). */
  siteUrl: string;
  publisher: SocialPublisher;
}
