import { createHash } from 'node:crypto';

/**
 * Deterministic, colourful placeholder artwork for the demo catalogue, so pages render with no
 * internet. The same key always draws the same picture.
 */

const PALETTES: [string, string, string][] = [
  ['#ff9a9e', '#fad0c4', '#7a2940'],
  ['#a18cd1', '#fbc2eb', '#3c2a63'],
  ['#84fab0', '#8fd3f4', '#184d47'],
  ['#fccb90', '#d57eeb', '#4a2350'],
  ['#f6d365', '#fda085', '#6b3410'],
  ['#5ee7df', '#b490ca', '#2c3e66'],
  ['#c471f5', '#fa71cd', '#401552'],
  ['#48c6ef', '#6f86d6', '#102a5c'],
  ['#f093fb', '#f5576c', '#5a0f2e'],
  ['#43e97b', '#38f9d7', '#0d4d3a'],
  ['#fa709a', '#fee140', '#6a1c33'],
  ['#30cfd0', '#330867', '#f4f1ff'],
];

function hashBytes(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function initials(name: string): string {
  const words = name.split(/[\s-]+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((w) => w[0]!.toUpperCase()).join('') || '?';
}

function shapes(bytes: Buffer, width: number, height: number): string {
  const out: string[] = [];
  for (let i = 0; i < 5; i++) {
    const cx = Math.round((bytes[i * 3]! / 255) * width);
    const cy = Math.round((bytes[i * 3 + 1]! / 255) * height);
    const r = Math.round(40 + (bytes[i * 3 + 2]! / 255) * (width / 3));
    out.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="0.${1 + (i % 3)}"/>`);
  }
  return out.join('');
}

function frame(key: string, width: number, height: number, body: string): string {
  const bytes = hashBytes(key);
  const [from, to] = PALETTES[bytes[31]! % PALETTES.length]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes(bytes, width, height)}${body}</svg>`
  );
}

function ink(key: string): string {
  return PALETTES[hashBytes(key)[31]! % PALETTES.length]![2];
}

const FONT = `font-family="Georgia, 'Times New Roman', serif"`;

/** A product card picture (3:4): product type large, brand below. */
export function productArtwork(key: string, productType: string, brand: string, variant: string): string {
  const colour = ink(key);
  const label = variant === 'enhanced' ? 'HD' : variant ? `View ${variant}` : '';
  return frame(
    key,
    600,
    800,
    `<rect x="60" y="300" width="480" height="200" rx="24" fill="#fff" opacity="0.72"/>` +
      `<text x="300" y="395" text-anchor="middle" ${FONT} font-size="54" fill="${colour}">${escapeXml(productType)}</text>` +
      `<text x="300" y="455" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" letter-spacing="3" fill="${colour}">${escapeXml(brand.toUpperCase())}</text>` +
      (label
        ? `<text x="560" y="760" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="26" fill="#fff">${escapeXml(label)}</text>`
        : ''),
  );
}

/** A round-friendly portrait (square) with the person's or show's initials and name. */
export function portraitArtwork(key: string, name: string): string {
  const colour = ink(key);
  return frame(
    key,
    500,
    500,
    `<circle cx="250" cy="225" r="130" fill="#fff" opacity="0.8"/>` +
      `<text x="250" y="265" text-anchor="middle" ${FONT} font-size="110" fill="${colour}">${escapeXml(initials(name))}</text>` +
      `<text x="250" y="440" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#fff">${escapeXml(name)}</text>`,
  );
}
