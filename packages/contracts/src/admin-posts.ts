import { Type, type Static } from '@sinclair/typebox';

const Count = Type.Integer({ minimum: 0 });

/**
 * admin.md §3 Post statistics (GET /api/admin/posts/stats, the dashboard): every post whatever its
 * status; `today` counts posts created since midnight UTC.
 */
export const AdminPostStats = Type.Object({
  total: Count,
  byStatus: Type.Object({ pending: Count, approved: Count, rejected: Count, hidden: Count }),
  today: Count,
  byPlatform: Type.Object({ bigblondehair: Count, wornontv: Count }),
});
export type AdminPostStats = Static<typeof AdminPostStats>;
