import { toSlug } from '@celebstyle/slugs';

/** Real values from the seeded catalogue for the {placeholders} of the scenarios. */
export async function sampleValues(baseUrl: string): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  try {
    const res = await fetch(`${baseUrl}/api/posts?limit=50`);
    const body = (await res.json()) as {
      posts?: Array<{ celebrity: string; brand: string; productType: string }>;
    };
    const post = body.posts?.[0];
    if (post) {
      values.celebritySlug = toSlug(post.celebrity);
      values.brand = post.brand;
      values.productType = post.productType;
      values.searchTerm = post.productType.split(' ')[0]!.toLowerCase();
    }
  } catch {
    // the catalog is not answering: the scenarios that need values are reported as such
  }
  return values;
}
