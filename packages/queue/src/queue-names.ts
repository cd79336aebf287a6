/** Every BullMQ queue of the product, in one place (docs/design.md: How services talk). */
export const QueueName = {
  /** catalog → link-validation: a post was created, updated, changed status or was deleted. */
  postEvents: 'post-events',
  /** link-validation → catalog: a link's health status changed. */
  linkHealthEvents: 'link-health-events',
  /** link-validation → newsletter-support's shopper alerts: a link's status, stock or price changed. */
  alertLinkHealthEvents: 'alert-link-health-events',
  /** newsletter-support's own work: turn fired alerts into e-mails, one per address. */
  alertDigests: 'alert-digests',
  /** link-validation's own work: check one link. */
  linkChecks: 'link-checks',
  /** newsletter-support: deliver one e-mail. */
  emailDelivery: 'email-delivery',
  /** catalog's own work: look a show up on TVmaze (one job per show, rate limited as TVmaze asks). */
  showEnrichment: 'show-enrichment',
  /** catalog's own work: periodic jobs (view-count flush, aggregate refresh, show enrichment). */
  catalogMaintenance: 'catalog-maintenance',
  /** catalog, link-validation, newsletter-support → accounts: an admin write's audit entry. */
  auditEvents: 'audit-events',
  /** accounts' own work: the audit log's retention purge. */
  accountsMaintenance: 'accounts-maintenance',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
