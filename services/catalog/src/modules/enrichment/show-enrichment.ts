import { isWebAddress, SHOW_STATUSES } from '@celebstyle/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database, ShowRow, ShowStatus } from '../../db/database.ts';
import { htmlToText } from './html-text.ts';
import type { TvmazeClient, TvmazeShow } from './tvmaze-client.ts';

export type EnrichmentOutcome = 'enriched' | 'not-found' | 'show-gone';

/** TVmaze's image addresses pass the same rule as an admin's (contracts' web-address.ts), or are none. */
const webAddressOrNull = (value: string | null | undefined): string | null =>
  value && isWebAddress(value) ? value : null;

const isShowStatus = (value: string | null): value is ShowStatus =>
  value !== null && (SHOW_STATUSES as readonly string[]).includes(value);

/** The show's columns from TVmaze, each under its API name (shows.edited_fields speaks those). */
function fieldsFrom(found: TvmazeShow) {
  return {
    network: ['network', found.network?.name ?? found.webChannel?.name ?? null],
    status: ['status', isShowStatus(found.status) ? found.status : null],
    genres: ['genres', found.genres ?? []],
    summary: ['summary', found.summary ? htmlToText(found.summary) || null : null],
    originalImage: ['original_image', webAddressOrNull(found.image?.original)],
    mediumImage: ['medium_image', webAddressOrNull(found.image?.medium)],
    premiered: ['premiered', found.premiered ?? null],
  } as const;
}

/**
 * Looks a show up on TVmaze by its search term (else its name) and fills network, status, genres,
 * summary (HTML stripped), images, premiered and the cast. A field an admin set by hand
 * (shows.edited_fields) is never overwritten; a value TVmaze does not have leaves the field as it
 * is. Answers what happened.
 */
export async function enrichShow(
  db: Kysely<Database>,
  client: TvmazeClient,
  showId: string,
): Promise<EnrichmentOutcome> {
  const show = await db.selectFrom('shows').selectAll().where('id', '=', showId).executeTakeFirst();
  if (!show) return 'show-gone';
  const found = await client.findShow(show.search_term?.trim() || show.name);
  if (!found) return 'not-found';
  return db.transaction().execute(async (trx) => {
    // Re-read under lock: an admin's edit made while TVmaze answered wins.
    const current = await trx
      .selectFrom('shows')
      .selectAll()
      .where('id', '=', showId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return 'show-gone';
    const changes: Partial<Record<keyof ShowRow, unknown>> = { tvmaze_id: found.id };
    for (const [apiName, [column, value]] of Object.entries(fieldsFrom(found))) {
      if (current.edited_fields.includes(apiName)) continue;
      const empty = value === null || (Array.isArray(value) && value.length === 0);
      if (!empty) changes[column as keyof ShowRow] = value;
    }
    await trx
      .updateTable('shows')
      .set({ ...(changes as object), updated_at: sql<Date>`now()` })
      .where('id', '=', showId)
      .execute();
    const cast = (found._embedded?.cast ?? []).slice(0, 100);
    if (cast.length > 0) {
      await trx.deleteFrom('show_cast').where('show_id', '=', showId).execute();
      await trx
        .insertInto('show_cast')
        .values(
          cast.map((member, position) => ({
            show_id: showId,
            name: member.person.name,
            image_original: webAddressOrNull(member.person.image?.original),
            image_medium: webAddressOrNull(member.person.image?.medium),
            position,
          })),
        )
        .execute();
    }
    return 'enriched' as const;
  });
}
