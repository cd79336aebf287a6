import { toSlug } from '@celebstyle/slugs';

interface ListingAnswer {
  posts?: Array<{ _id: string; celebrity: string; show: string; productType: string }>;
  facets?: { brands: Array<{ name: string }>; productTypes: Array<{ name: string; count: number }> };
}

async function listing(baseUrl: string, query: string): Promise<ListingAnswer> {
  const res = await fetch(`${baseUrl}/api/posts?${query}`);
  return (await res.json()) as ListingAnswer;
}

/**
 * Real values from the seeded catalogue for the {placeholders} of the scenarios. The brand filter
 * takes the busiest brand and its busiest product type, so that both catalogue sizes answer a full
 * page and the 2,000 / 200,000 comparison weighs the same amount of answer.
 */
export async function sampleValues(baseUrl: string): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  try {
    const first = await listing(baseUrl, 'limit=50');
    const post = first.posts?.[0];
    if (post) {
      values.postId = post._id;
      values.celebritySlug = toSlug(post.celebrity);
      values.celebrity = post.celebrity;
      values.show = post.show;
      values.searchTerm = post.productType.split(' ')[0]!.toLowerCase();
    }
    const brand = first.facets?.brands[0]?.name;
    if (brand) {
      const ofBrand = await listing(baseUrl, `limit=1&brand=${encodeURIComponent(brand)}`);
      const productType = ofBrand.facets?.productTypes[0]?.name;
      if (productType) {
        values.brand = brand;
        values.productType = productType;
      }
    }
  } catch {
    // the catalog is not answering: the scenarios that need values are reported as such
  }
  return values;
}
