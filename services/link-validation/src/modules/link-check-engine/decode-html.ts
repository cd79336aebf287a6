import iconv from 'iconv-lite';

/**
 * Decodes an HTML answer as a browser would (WHATWG encoding sniffing, simplified): a byte order
 * mark, then the Content-Type charset, then a <meta charset> or http-equiv in the first 4 KB, else
 * UTF-8. Legacy Latin labels decode as windows-1252, as browsers do (ISO-8859-1 pages use its
 * extra characters, such as curly quotes and the euro sign).
 */
export function decodeHtml(bytes: Buffer, contentType: string | undefined): string {
  const bom = bomEncoding(bytes);
  const encoding = bom ?? normalizeLabel(charsetOf(contentType) ?? metaCharset(bytes) ?? 'utf-8');
  return iconv.decode(bytes, encoding, { stripBOM: true });
}

function bomEncoding(bytes: Buffer): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

function charsetOf(contentType: string | undefined): string | null {
  const match = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '');
  return match?.[1] ?? null;
}

function metaCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 4096).toString('latin1');
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?([\w.:-]+)/i.exec(tag);
    if (direct) return direct[1]!;
  }
  return null;
}

const LATIN_LABELS = new Set([
  'iso-8859-1',
  'iso8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
  'cp1252',
  'windows-1252',
]);

function normalizeLabel(label: string): string {
  const lower = label.trim().toLowerCase();
  if (LATIN_LABELS.has(lower)) return 'windows-1252';
  // A page that names UTF-16 in a meta tag is UTF-8 in practice (the meta was readable as ASCII).
  if (lower.startsWith('utf-16')) return 'utf-8';
  return iconv.encodingExists(lower) ? lower : 'utf-8';
}
