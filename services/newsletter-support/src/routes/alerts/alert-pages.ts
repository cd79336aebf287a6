import { AppError } from '@celebstyle/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../modules/email/templates/html-escape.ts';

/**
 * The small pages a shopper sees after clicking a link in an alert e-mail in a browser (the API
 * answers JSON to any other caller). Self-contained: no script, inline style, site link.
 */
export function alertPage(siteUrl: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} | CelebStyle</title></head>
<body style="margin:0;background:#f7f3f0;font-family:Helvetica,Arial,sans-serif;color:#1f1f1f">
<main style="max-width:560px;margin:48px auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="margin-top:24px"><a href="${escapeHtml(siteUrl)}" style="color:#9d174d">Back to CelebStyle</a></p>
</main></body></html>`;
}

/** RFC 8058 §3.2: a GET never unsubscribes; this page's button POSTs the same address. */
export function stopConfirmPage(siteUrl: string, action: string, all: boolean): string {
  const what = all ? 'all alerts for your address' : 'this alert';
  return alertPage(
    siteUrl,
    all ? 'Stop all alerts' : 'Stop this alert',
    `<p>Do you want to stop ${what}?</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#1f1f1f;color:#fff;border:0;border-radius:4px;padding:12px 24px;font-size:15px;cursor:pointer">Stop ${what}</button>
</form>`,
  );
}

export const messagePage = (siteUrl: string, title: string, message: string) =>
  alertPage(siteUrl, title, `<p>${escapeHtml(message)}</p>`);

/** A browser following the e-mail's link gets a page; any other caller the JSON answer. */
export function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /\btext\/html\b/.test(accept) && !/\bapplication\/json\b/.test(accept);
}

export async function answerPage(
  request: FastifyRequest,
  reply: FastifyReply,
  siteUrl: string,
  title: string,
  run: () => Promise<{ success: boolean; message: string }>,
) {
  if (!wantsHtml(request)) return run();
  try {
    const answer = await run();
    return reply.type('text/html; charset=utf-8').send(messagePage(siteUrl, title, answer.message));
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    return reply
      .code(err.statusCode)
      .type('text/html; charset=utf-8')
      .send(messagePage(siteUrl, title, err.message));
  }
}
