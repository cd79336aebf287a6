import { privacyUrl, type MailSettings } from '../mail-settings.ts';
import { escapeHtml } from './html-escape.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface LayoutInput {
  subject: string;
  /** Already-escaped HTML of the message body. */
  bodyHtml: string;
  bodyText: string;
  /** Newsletter e-mails carry their unsubscribe link in the footer too. */
  unsubscribeUrl?: string;
}

const SOCIAL_LABELS = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  facebook: 'Facebook',
  x: 'X',
} as const;

/**
 * The frame every e-mail shares, carrying the spec's template fields (storefront.md §7: site and
 * social URLs, privacy URL, year) in HTML and plain text.
 */
export function renderLayout(settings: MailSettings, input: LayoutInput, now = new Date()): RenderedEmail {
  const year = now.getUTCFullYear();
  const privacy = privacyUrl(settings);
  const socials = Object.entries(SOCIAL_LABELS).map(([key, label]) => ({
    label,
    url: settings.social[key as keyof typeof SOCIAL_LABELS],
  }));
  const a = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#9d174d;text-decoration:underline">${escapeHtml(label)}</a>`;

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;background:#f7f3f0;font-family:Helvetica,Arial,sans-serif;color:#1f1f1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px;border-bottom:1px solid #eee">
<a href="${escapeHtml(settings.siteUrl)}" style="font-size:22px;font-weight:bold;color:#1f1f1f;text-decoration:none">CelebStyle</a>
<div style="font-size:12px;color:#666">Your VIP Access to Celebrity Style</div></td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.6">${input.bodyHtml}</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #eee;font-size:12px;color:#666;line-height:1.6">
<div>${socials.map((s) => a(s.url, s.label)).join(' &middot; ')}</div>
<div>${a(settings.siteUrl, 'Visit CelebStyle')} &middot; ${a(privacy, 'Privacy Policy')}${
    input.unsubscribeUrl ? ` &middot; ${a(input.unsubscribeUrl, 'Unsubscribe')}` : ''
  }</div>
<div>&copy; ${year} CelebStyle. All rights reserved.</div>
</td></tr></table></td></tr></table></body></html>`;

  const text = [
    'CelebStyle: Your VIP Access to Celebrity Style',
    '',
    input.bodyText,
    '',
    '--',
    ...socials.map((s) => `${s.label}: ${s.url}`),
    `Visit CelebStyle: ${settings.siteUrl}`,
    `Privacy Policy: ${privacy}`,
    ...(input.unsubscribeUrl ? [`Unsubscribe: ${input.unsubscribeUrl}`] : []),
    `(c) ${year} CelebStyle. All rights reserved.`,
    '',
  ].join('\n');

  return { subject: input.subject, html, text };
}
