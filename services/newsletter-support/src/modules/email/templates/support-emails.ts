import type { MailSettings } from '../mail-settings.ts';
import { escapeHtml, multilineHtml } from './html-escape.ts';
import { renderLayout, type RenderedEmail } from './layout.ts';

export interface SupportRequestMailInput {
  requestId: string;
  name: string;
  email: string;
  subject: string;
  category: string;
  priority: string;
  message: string;
}

const quoteText = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
const quoteHtml = (text: string) =>
  `<blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #ddd;color:#444">${multilineHtml(text)}</blockquote>`;

/** storefront.md §7: after a support request, a confirmation goes to the visitor. */
export function renderSupportConfirmation(
  settings: MailSettings,
  input: SupportRequestMailInput,
): RenderedEmail {
  const subject = `We received your message [${input.requestId}]`;
  const bodyHtml = `<h1 style="font-size:20px;margin:0 0 16px">Thank you, ${escapeHtml(input.name)}!</h1>
<p>Your message has been received. We'll get back to you as soon as possible.</p>
<p>Reference ID: <strong>${escapeHtml(input.requestId)}</strong><br>Subject: ${escapeHtml(input.subject)}</p>
${quoteHtml(input.message)}`;
  const bodyText = [
    `Thank you, ${input.name}!`,
    '',
    "Your message has been received. We'll get back to you as soon as possible.",
    '',
    `Reference ID: ${input.requestId}`,
    `Subject: ${input.subject}`,
    '',
    quoteText(input.message),
  ].join('\n');
  return renderLayout(settings, { subject, bodyHtml, bodyText });
}

/** storefront.md §7: ... and a notice to the team (Reply-To is the visitor). */
export function renderSupportTeamNotice(
  settings: MailSettings,
  input: SupportRequestMailInput,
): RenderedEmail {
  const subject = `[${input.priority.toUpperCase()}] New support request ${input.requestId}: ${input.subject}`;
  const rows: [string, string][] = [
    ['Reference ID', input.requestId],
    ['Name', input.name],
    ['E-mail', input.email],
    ['Subject', input.subject],
    ['Category', input.category],
    ['Priority', input.priority],
  ];
  const bodyHtml = `<h1 style="font-size:20px;margin:0 0 16px">New support request</h1>
<table role="presentation" cellpadding="4">${rows
    .map(([k, v]) => `<tr><td style="color:#666">${k}</td><td>${escapeHtml(v)}</td></tr>`)
    .join('')}</table>
${quoteHtml(input.message)}
<p><a href="${escapeHtml(settings.siteUrl)}/admin/support">Open the support inbox</a></p>`;
  const bodyText = [
    'New support request',
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    quoteText(input.message),
    '',
    `Open the support inbox: ${settings.siteUrl}/admin/support`,
  ].join('\n');
  return renderLayout(settings, { subject, bodyHtml, bodyText });
}

export interface SupportResponseMailInput {
  requestId: string;
  name: string;
  subject: string;
  message: string;
  responseText: string;
}

/** admin.md §2 Support: the response an admin sends is e-mailed to the visitor. */
export function renderSupportResponse(
  settings: MailSettings,
  input: SupportResponseMailInput,
): RenderedEmail {
  const subject = `Re: ${input.subject} [${input.requestId}]`;
  const bodyHtml = `<p>Hi ${escapeHtml(input.name)},</p>
<p>${multilineHtml(input.responseText)}</p>
<p style="font-size:13px;color:#666">Reference ID: ${escapeHtml(input.requestId)}. Your original message:</p>
${quoteHtml(input.message)}`;
  const bodyText = [
    `Hi ${input.name},`,
    '',
    input.responseText,
    '',
    `Reference ID: ${input.requestId}. Your original message:`,
    '',
    quoteText(input.message),
  ].join('\n');
  return renderLayout(settings, { subject, bodyHtml, bodyText });
}
