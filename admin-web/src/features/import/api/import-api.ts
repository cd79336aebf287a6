import type { PostImportAnswer } from '@celebstyle/contracts';
import { adminRequest } from '../../../lib/api-client.ts';

export type { PostImportAnswer };

export const ImportTexts = {
  noPosts: 'The file holds no posts',
  tooMany: (max: number) => `At most ${new Intl.NumberFormat('en-US').format(max)} posts per import`,
  unreadable: 'The file could not be read',
  failed: 'Import failed',
  stopped: 'Import stopped',
  done: 'Import finished',
} as const;

export const importApi = {
  /** POST /api/admin/posts/import with a JSON array of posts (the catalog checks each row again). */
  importRows: (rows: unknown[]) =>
    adminRequest<PostImportAnswer>('/admin/posts/import', { method: 'POST', body: JSON.stringify(rows) }),
};
