import type { AlertKind } from '@celebstyle/contracts';
import type { MailSettings } from '../mail-settings.ts';
import { escapeHtml } from './html-escape.ts';
import { renderLayout, type RenderedEmail } from './layout.ts';

export interface AlertSummary {
  kind: AlertKind;
  postTitle: string;
  /** The item's text, or null for an alert on the whole look. */
  itemText: string | null;
  targetPrice: number | null;
}

const BUTTON =
  'background:#1f1f1f;color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none;display:inline-block';

export function describeAlert(alert: AlertSummary): string {
  const what = alert.itemText
    ? `${alert.itemText} from ${alert.postTitle}`
    : `any item of ${alert.postTitle}`;
  if (alert.kind === 'back_in_stock') return `when ${what} is back in stock`;
  return alert.targetPrice !== null
    ? `when the price of ${what} falls to ${alert.targetPrice.toFixed(2)} or less`
    : `when the price of ${what} drops by 10% or more`;
}

/** Double opt-in for alerts: the link confirms the address and turns its alerts on. */
export function renderAlertConfirmation(
  settings: MailSettings,
  input: { alert: AlertSummary; confirmUrl: string; stopAllUrl: string; expiresInDays: number },
): RenderedEmail {
  const subject = 'Please confirm your CelebStyle alert';
  const description = describeAlert(input.alert);
  const bodyHtml = `<h1 style="font-size:20px;margin:0 0 16px">Confirm your alert</h1>
<p>You asked us to e-mail you ${escapeHtml(description)}.</p>
<p>Please confirm your address to turn your alerts on:</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.confirmUrl)}" style="${BUTTON}">Confirm alert</a></p>
<p style="font-size:13px;color:#666">This link expires in ${input.expiresInDays} days. If you did not ask for this, ignore this e-mail and nothing will happen.</p>`;
  const bodyText = [
    'Confirm your alert',
    '',
    `You asked us to e-mail you ${description}.`,
    'Please confirm your address by opening this link:',
    '',
    input.confirmUrl,
    '',
    `This link expires in ${input.expiresInDays} days. If you did not ask for this, ignore this e-mail and nothing will happen.`,
  ].join('\n');
  return renderLayout(settings, { subject, bodyHtml, bodyText, unsubscribeUrl: input.stopAllUrl });
}

/** An address already confirmed for alerts: the new alert is on at once, and the shopper is told. */
export function renderAlertStarted(
  settings: MailSettings,
  input: { alert: AlertSummary; stopUrl: string; stopAllUrl: string },
): RenderedEmail {
  const subject = 'Your CelebStyle alert is on';
  const description = describeAlert(input.alert);
  const bodyHtml = `<h1 style="font-size:20px;margin:0 0 16px">Your alert is on</h1>
<p>We will e-mail you ${escapeHtml(description)}.</p>
<p style="font-size:13px;color:#666"><a href="${escapeHtml(input.stopUrl)}">Stop this alert</a> &middot; <a href="${escapeHtml(input.stopAllUrl)}">Stop all alerts</a></p>`;
  const bodyText = [
    'Your alert is on',
    '',
    `We will e-mail you ${description}.`,
    '',
    `Stop this alert: ${input.stopUrl}`,
    `Stop all alerts: ${input.stopAllUrl}`,
  ].join('\n');
  return renderLayout(settings, { subject, bodyHtml, bodyText, unsubscribeUrl: input.stopAllUrl });
}

/** One fired alert, as the e-mail names it. */
export interface FiredAlert {
  kind: AlertKind;
  postTitle: string;
  itemText: string;
  retailer: string | null;
  oldPrice: number | null;
  newPrice: number | null;
  currency: string | null;
  /** Through the same cleaning and affiliate rewriting as the storefront's Shop Now; null: not linkable. */
  href: string | null;
  stopUrl: string;
}

export function formatPrice(amount: number | null, currency: string | null): string | null {
  if (amount === null) return null;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency ?? ''}`.trim();
  }
}

function priceLine(alert: FiredAlert): string | null {
  const before = formatPrice(alert.oldPrice, alert.currency);
  const now = formatPrice(alert.newPrice, alert.currency);
  if (before && now && before !== now) return `Was ${before}, now ${now}`;
  return now ? `Now ${now}` : null;
}

/** The alert e-mail: every alert of one address that fired together, in one message. */
export function renderAlertNotification(
  settings: MailSettings,
  input: { alerts: FiredAlert[]; stopAllUrl: string },
): RenderedEmail {
  const first = input.alerts[0]!;
  const subject =
    input.alerts.length > 1
      ? `${input.alerts.length} of your CelebStyle alerts`
      : first.kind === 'back_in_stock'
        ? `Back in stock: ${first.itemText}`
        : `Price drop: ${first.itemText}`;
  const items = input.alerts.map((alert) => {
    const headline = alert.kind === 'back_in_stock' ? 'Back in stock' : 'Price drop';
    const retailer = alert.retailer ? ` at ${alert.retailer}` : '';
    return { alert, headline, retailer, price: priceLine(alert) };
  });
  const bodyHtml = `<h1 style="font-size:20px;margin:0 0 16px">Good news from your alerts</h1>
${items
  .map(
    ({ alert, headline, retailer, price }) => `<div style="margin:0 0 24px">
<p style="margin:0;font-size:13px;text-transform:uppercase;color:#9d174d">${headline}</p>
<p style="margin:4px 0"><strong>${escapeHtml(alert.itemText)}</strong>${escapeHtml(retailer)}</p>
<p style="margin:4px 0;color:#666">From the look: ${escapeHtml(alert.postTitle)}</p>
${price ? `<p style="margin:4px 0">${escapeHtml(price)}</p>` : ''}
${alert.href ? `<p style="margin:12px 0"><a href="${escapeHtml(alert.href)}" style="${BUTTON}">Shop Now</a></p>` : ''}
<p style="margin:4px 0;font-size:12px"><a href="${escapeHtml(alert.stopUrl)}">Stop this alert</a></p>
</div>`,
  )
  .join('\n')}
<p style="font-size:13px;color:#666"><a href="${escapeHtml(input.stopAllUrl)}">Stop all alerts</a> for this address.</p>`;
  const bodyText = [
    'Good news from your alerts',
    '',
    ...items.flatMap(({ alert, headline, retailer, price }) => [
      `${headline}: ${alert.itemText}${retailer}`,
      `From the look: ${alert.postTitle}`,
      ...(price ? [price] : []),
      ...(alert.href ? [`Shop Now: ${alert.href}`] : []),
      `Stop this alert: ${alert.stopUrl}`,
      '',
    ]),
    `Stop all alerts: ${input.stopAllUrl}`,
  ].join('\n');
  return renderLayout(settings, { subject, bodyHtml, bodyText, unsubscribeUrl: input.stopAllUrl });
}
