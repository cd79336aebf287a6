import type { MailSettings } from '../mail-settings.ts';
import { escapeHtml } from './html-escape.ts';
import { renderLayout, type RenderedEmail } from './layout.ts';

export interface NewsletterConfirmationInput {
  email: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  expiresInDays: number;
}

/** Double opt-in (storefront.md §7): the link confirms the subscription. */
export function renderNewsletterConfirmation(
  settings: MailSettings,
  input: NewsletterConfirmationInput,
): RenderedEmail {
  const subject = 'Please confirm your CelebStyle newsletter subscription';
  const bodyHtml = `<h1 style="font-size:20px;margin:0 0 16px">Confirm your subscription</h1>
<p>Thanks for signing up for the CelebStyle newsletter with <strong>${escapeHtml(input.email)}</strong>.</p>
<p>Please confirm your address to start receiving the latest celebrity looks:</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.confirmUrl)}" style="background:#1f1f1f;color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none;display:inline-block">Confirm subscription</a></p>
<p style="font-size:13px;color:#666">This link expires in ${input.expiresInDays} days. If you did not sign up, ignore this e-mail and nothing will happen.</p>`;
  const bodyText = [
    'Confirm your subscription',
    '',
    `Thanks for signing up for the CelebStyle newsletter with ${input.email}.`,
    'Please confirm your address by opening this link:',
    '',
    input.confirmUrl,
    '',
    `This link expires in ${input.expiresInDays} days. If you did not sign up, ignore this e-mail and nothing will happen.`,
  ].join('\n');
  return renderLayout(settings, { subject, bodyHtml, bodyText, unsubscribeUrl: input.unsubscribeUrl });
}
