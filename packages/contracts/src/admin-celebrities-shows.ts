import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './uuid.ts';
import { QueryInteger, QueryPage } from './query-integer.ts';
import { AdminListPagination } from './pagination.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Count = Type.Integer({ minimum: 0 });
const IdParams = Type.Object({ id: Uuid() });
export const CatalogIdParams = IdParams;

/** admin.md §3 Celebrity, as the back office lists it (totalLooks: approved posts). */
export const AdminCelebrity = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    slug: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    profileImage: Type.Union([Type.String(), Type.Null()]),
    shows: Type.Array(Type.String()),
    mainShow: Type.Union([Type.String(), Type.Null()]),
    network: Type.Union([Type.String(), Type.Null()]),
    location: Type.Union([Type.String(), Type.Null()]),
    totalLooks: Count,
    descriptionGenerated: Type.Boolean(),
    lastUpdated: Type.String(),
  },
  { $id: 'AdminCelebrity' },
);
export type AdminCelebrity = Static<typeof AdminCelebrity>;

/** admin.md §7 Celebrities, §9: one fetch of 500. */
export const AdminCelebrityListQuery = Type.Object({
  page: QueryPage(),
  limit: QueryInteger({ minimum: 1, maximum: 500, default: 500 }),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type AdminCelebrityListQuery = Static<typeof AdminCelebrityListQuery>;

export const AdminCelebrityListAnswer = Type.Object({
  celebrities: Type.Array(AdminCelebrity),
  pagination: AdminListPagination('totalCelebrities'),
});
export type AdminCelebrityListAnswer = Static<typeof AdminCelebrityListAnswer>;

/** admin.md §2 Celebrity Management stat cards (AI Descriptions is counted over every row here). */
export const AdminCelebrityStats = Type.Object({
  totalCelebrities: Count,
  descriptionsGenerated: Count,
  totalLooks: Count,
  networks: Count,
});
export type AdminCelebrityStats = Static<typeof AdminCelebrityStats>;

/** admin.md §7: PUT /admin/celebrities/{id} fields (every one optional). */
export const AdminCelebrityUpdate = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  profileImage: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  shows: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 })),
  mainShow: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  network: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  location: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
});
export type AdminCelebrityUpdate = Static<typeof AdminCelebrityUpdate>;

export const SHOW_STATUSES = ['Running', 'Ended', 'To Be Determined', 'In Development'] as const;
export const ShowStatusSchema = Type.Union(SHOW_STATUSES.map((s) => Type.Literal(s)));
export type ShowStatus = (typeof SHOW_STATUSES)[number];

/** admin.md §3 Show, as the back office lists it (postCount: approved posts). */
export const AdminShow = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    slug: Type.String(),
    searchTerm: Type.Union([Type.String(), Type.Null()]),
    network: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([ShowStatusSchema, Type.Null()]),
    genres: Type.Array(Type.String()),
    summary: Type.Union([Type.String(), Type.Null()]),
    originalImage: Type.Union([Type.String(), Type.Null()]),
    mediumImage: Type.Union([Type.String(), Type.Null()]),
    postCount: Count,
    premiered: Type.Union([Type.String(), Type.Null()]),
    /** Beyond the spec: the TVmaze show it was matched to, null until a lookup found one. */
    tvmazeId: Type.Union([Type.Integer(), Type.Null()]),
    /** Beyond the spec: the last change by an admin or by a TVmaze lookup (the screen waits on it). */
    updatedAt: Type.String(),
  },
  { $id: 'AdminShow' },
);
export type AdminShow = Static<typeof AdminShow>;

/** admin.md §7 Shows, §9: 20 a page. */
export const AdminShowListQuery = Type.Object({
  page: QueryPage(),
  limit: QueryInteger({ minimum: 1, maximum: 500, default: 20 }),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type AdminShowListQuery = Static<typeof AdminShowListQuery>;

export const AdminShowListAnswer = Type.Object({
  shows: Type.Array(AdminShow),
  pagination: AdminListPagination('totalShows'),
});
export type AdminShowListAnswer = Static<typeof AdminShowListAnswer>;

/** admin.md §2 Shows Management stat cards, over every show. */
export const AdminShowStats = Type.Object({
  totalShows: Count,
  running: Count,
  totalPosts: Count,
  networks: Count,
});
export type AdminShowStats = Static<typeof AdminShowStats>;

/** admin.md §7: PUT /admin/shows/{id} fields (every one optional). */
export const AdminShowUpdate = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  searchTerm: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  network: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  status: Type.Optional(Type.Union([ShowStatusSchema, Type.Null()])),
  genres: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
  summary: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  originalImage: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  mediumImage: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
});
export type AdminShowUpdate = Static<typeof AdminShowUpdate>;

export const CatalogDeletedAnswer = Type.Object({ deleted: Type.Boolean(), _id: Type.String() });
export type CatalogDeletedAnswer = Static<typeof CatalogDeletedAnswer>;

/** POST /api/admin/shows/{id}/refresh-from-tvmaze (beyond the spec): the lookup is queued. */
export const ShowRefreshAnswer = Type.Object({ queued: Type.Boolean(), showId: Type.String() });
export type ShowRefreshAnswer = Static<typeof ShowRefreshAnswer>;
