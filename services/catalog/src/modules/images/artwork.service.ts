import { notFound } from '@celebstyle/service-kit';
import { slugToDisplayName } from '@celebstyle/slugs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { portraitArtwork, productArtwork } from './svg-artwork.ts';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const postFile = new RegExp(`^(${UUID})(?:-(enhanced|[1-9]))?\\.svg$`);
const slugFile = /^([a-z0-9]+(?:-[a-z0-9]+)*?)(?:-(medium))?\.svg$/;

const IMAGE_NOT_FOUND = 'Image not found';

/** A post's picture ({id}.svg, {id}-enhanced.svg, {id}-1.svg …): its product type and brand drawn. */
export async function postArtwork(db: Kysely<Database>, file: string): Promise<string> {
  const match = postFile.exec(file);
  if (!match) throw notFound(IMAGE_NOT_FOUND);
  const post = await db
    .selectFrom('posts')
    .select(['brand', 'product_type'])
    .where('id', '=', sql<string>`${match[1]!.toLowerCase()}::uuid`)
    .executeTakeFirst();
  if (!post) throw notFound(IMAGE_NOT_FOUND);
  return productArtwork(file, post.product_type, post.brand, match[2] ?? '');
}

/** A celebrity's or show's portrait ({slug}.svg, {slug}-medium.svg): drawn from the slug alone. */
export function portraitOf(kind: 'celebrities' | 'shows', file: string): string {
  const match = slugFile.exec(file);
  if (!match) throw notFound(IMAGE_NOT_FOUND);
  return portraitArtwork(`${kind}/${match[1]}`, slugToDisplayName(match[1]!));
}
