import type { ImportEntry } from './post-import-file.ts';
import { PLATFORMS, type Platform } from './post.ts';
import { imageAddressProblem, linkAddressProblem, WEB_ADDRESS_MAX_LENGTH } from './web-address.ts';

/**
 * One post of an import file (POST /api/admin/posts/import), checked (admin.md §3 Post; `url` is its
 * source and identity). The catalog checks every row with these rules; the console's Import screen
 * previews a file with the same ones.
 */
export interface ImportPost {
  url: string;
  title: string;
  description: string;
  celebrity: string;
  show: string;
  brand: string;
  productType: string;
  platform: Platform;
  mainImage: string | null;
  enhancedImage: string | null;
  additionalImages: string[];
  categories: string[];
  date: string | null;
  isTopPick: boolean;
  links: { text: string; url: string; realUrl: string | null }[];
}

export type RowCheck = { ok: true; post: ImportPost } | { ok: false; reason: string };

const MAX_TEXT = 500;
const MAX_URL = WEB_ADDRESS_MAX_LENGTH;

class RowError extends Error {}
const fail = (reason: string): never => {
  throw new RowError(reason);
};
const check = (problem: string | null) => problem && fail(problem);

function text(
  row: Record<string, unknown>,
  field: string,
  options: { required: boolean; max?: number },
): string {
  const value = row[field];
  if (value === undefined || value === null) return options.required ? fail(`${field} is required`) : '';
  if (typeof value !== 'string') return fail(`${field} must be a string`);
  const trimmed = value.trim();
  if (options.required && trimmed === '') fail(`${field} is required`);
  if (trimmed.length > (options.max ?? MAX_TEXT))
    fail(`${field} is longer than ${options.max ?? MAX_TEXT} characters`);
  return trimmed;
}

function optionalUrl(row: Record<string, unknown>, field: string): string | null {
  const value = text(row, field, { required: false, max: MAX_URL });
  if (value === '') return null;
  check(imageAddressProblem(field, value));
  return value;
}

function stringList(row: Record<string, unknown>, field: string, max: number): string[] {
  const value = row[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > max || value.some((v) => typeof v !== 'string')) {
    fail(`${field} must be a list of at most ${max} strings`);
  }
  return (value as string[]).map((v) => v.trim()).filter((v) => v !== '');
}

function imageList(row: Record<string, unknown>, field: string, max: number): string[] {
  const images = stringList(row, field, max);
  images.forEach((image, i) => check(imageAddressProblem(`${field}[${i}]`, image)));
  return images;
}

function links(row: Record<string, unknown>): ImportPost['links'] {
  const value = row.affiliateLinks;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 100)
    return fail('affiliateLinks must be a list of at most 100 links');
  return value.map((link: unknown, i) => {
    if (typeof link !== 'object' || link === null) return fail(`affiliateLinks[${i}] must be an object`);
    const l = link as Record<string, unknown>;
    const linkText = text(l, 'text', { required: true });
    const url = text(l, 'url', { required: true, max: MAX_URL });
    check(linkAddressProblem(`affiliateLinks[${i}].url`, url));
    const realUrl = text(l, 'realUrl', { required: false, max: MAX_URL });
    if (realUrl !== '') check(linkAddressProblem(`affiliateLinks[${i}].realUrl`, realUrl));
    return { text: linkText, url, realUrl: realUrl === '' ? null : realUrl };
  });
}

/** Checks one row; the reason names the first field that is wrong. */
export function checkImportRow(value: unknown): RowCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'a post must be a JSON object' };
  }
  const row = value as Record<string, unknown>;
  try {
    const url = text(row, 'url', { required: true, max: MAX_URL });
    if (linkAddressProblem('url', url)) fail('url must be an http(s) URL (the post’s source)');
    const platform = text(row, 'platform', { required: true });
    if (!(PLATFORMS as readonly string[]).includes(platform))
      fail(`platform must be one of: ${PLATFORMS.join(', ')}`);
    const isTopPick = row.isTopPick ?? false;
    if (typeof isTopPick !== 'boolean') fail('isTopPick must be true or false');
    return {
      ok: true,
      post: {
        url,
        title: text(row, 'title', { required: false }),
        description: text(row, 'description', { required: false, max: 20_000 }),
        celebrity: text(row, 'celebrity', { required: true, max: 200 }),
        show: text(row, 'show', { required: true, max: 200 }),
        brand: text(row, 'brand', { required: true, max: 200 }),
        productType: text(row, 'productType', { required: true, max: 200 }),
        platform: platform as Platform,
        mainImage: optionalUrl(row, 'mainImage'),
        enhancedImage: optionalUrl(row, 'enhancedImage'),
        additionalImages: imageList(row, 'additionalImages', 50),
        categories: stringList(row, 'categories', 50),
        date: text(row, 'date', { required: false, max: 100 }) || null,
        isTopPick: isTopPick as boolean,
        links: links(row),
      },
    };
  } catch (error) {
    if (error instanceof RowError) return { ok: false, reason: error.message };
    throw error;
  }
}

/** A row an import leaves out, and why (PostImportAnswer's skippedRows). */
export interface SkippedImportRow {
  row: number;
  url: string | null;
  reason: string;
}

/**
 * Checks every entry of a file: rows that did not parse or break a rule are skipped with the
 * reason, and so is a row with the url of an earlier one ('same url as row N'); the others are the
 * posts to import, in file order.
 */
export function checkImportEntries(entries: readonly ImportEntry[]): {
  valid: { row: number; post: ImportPost }[];
  skipped: SkippedImportRow[];
} {
  const skipped: SkippedImportRow[] = [];
  const valid = new Map<string, { row: number; post: ImportPost }>();
  for (const entry of entries) {
    if ('error' in entry) {
      skipped.push({ row: entry.row, url: null, reason: entry.error });
      continue;
    }
    const check = checkImportRow(entry.value);
    const url =
      typeof (entry.value as { url?: unknown } | null)?.url === 'string'
        ? (entry.value as { url: string }).url
        : null;
    if (!check.ok) skipped.push({ row: entry.row, url, reason: check.reason });
    else if (valid.has(check.post.url))
      skipped.push({ row: entry.row, url, reason: `same url as row ${valid.get(check.post.url)!.row}` });
    else valid.set(check.post.url, { row: entry.row, post: check.post });
  }
  return { valid: [...valid.values()], skipped };
}
