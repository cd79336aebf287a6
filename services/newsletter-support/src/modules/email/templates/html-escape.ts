const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Visitor text goes into HTML e-mails; every interpolation passes through this. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Keeps line breaks of a visitor's message in HTML. */
export const multilineHtml = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');
