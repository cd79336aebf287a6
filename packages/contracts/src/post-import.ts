import { Type } from '@sinclair/typebox';
import { Platform } from './post.ts';
import { bodyLimitFor } from './route-limits.ts';
import { WEB_ADDRESS_MAX_LENGTH } from './web-address.ts';

/** POST /api/admin/posts/import (admin.md §7 Posts): at most this many posts per file. */
export const POST_IMPORT_MAX_ROWS = 50_000;

const Text = (maxLength: number) => Type.String({ maxLength });
const Address = Type.String({ maxLength: WEB_ADDRESS_MAX_LENGTH });

/**
 * One post of an import file, as the OpenAPI document shows it. The catalog checks each row itself
 * (post-import-row.ts) and reports a wrong row in `skippedRows` while the others import,
 * so this schema documents the rows; no validator applies it to the file as a whole.
 */
export const PostImportRow = Type.Object(
  {
    url: Type.String({ maxLength: WEB_ADDRESS_MAX_LENGTH, description: "The post's source: its identity" }),
    platform: Platform,
    celebrity: Text(200),
    show: Text(200),
    brand: Text(200),
    productType: Text(200),
    title: Type.Optional(Text(500)),
    description: Type.Optional(Text(20_000)),
    mainImage: Type.Optional(Type.Union([Address, Type.Null()])),
    enhancedImage: Type.Optional(Type.Union([Address, Type.Null()])),
    additionalImages: Type.Optional(Type.Array(Address, { maxItems: 50 })),
    categories: Type.Optional(Type.Array(Text(500), { maxItems: 50 })),
    date: Type.Optional(Type.Union([Text(100), Type.Null()])),
    isTopPick: Type.Optional(Type.Boolean()),
    affiliateLinks: Type.Optional(
      Type.Array(
        Type.Object({
          text: Text(500),
          url: Address,
          realUrl: Type.Optional(Type.Union([Address, Type.Null()])),
        }),
        { maxItems: 100 },
      ),
    ),
  },
  { $id: 'PostImportRow' },
);

/** The media types of an NDJSON import file (the catalog's parser takes each of them). */
export const POST_IMPORT_NDJSON_TYPES = ['application/x-ndjson', 'application/ndjson', 'application/jsonl'];

const NdjsonFile = Type.String({ description: 'One PostImportRow as JSON on each line' });
const MIB = 1024 * 1024;
const limits = `At most ${POST_IMPORT_MAX_ROWS.toLocaleString('en')} posts and ${bodyLimitFor('/api/admin/posts/import') / MIB} MiB per file (413 above that).`;

/** The import's request body in the OpenAPI document: a JSON array, or NDJSON with one post a line. */
export const PostImportDocumentedBody = {
  description: `The posts to import, as a JSON array or as NDJSON (one post a line; blank lines are skipped, a line that is not JSON is reported against its row). ${limits}`,
  content: {
    'application/json': {
      schema: Type.Array(PostImportRow, { minItems: 1, maxItems: POST_IMPORT_MAX_ROWS }),
    },
    ...Object.fromEntries(POST_IMPORT_NDJSON_TYPES.map((type) => [type, { schema: NdjsonFile }])),
  },
};
