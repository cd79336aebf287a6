import {
  BrandFilterList,
  CelebrityFilterList,
  PlatformFilterList,
  ProductTypeFilterList,
  ShowFilterList,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { distinctValues } from '../../modules/admin-posts/admin-post-list.repository.ts';

/** admin.md §7: the five filter lists of the Posts screen, over posts of every status. */
const filterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.catalog;
  app.get(
    '/api/admin/posts/filters/celebrities',
    {
      schema: {
        operationId: 'listCelebrityFilters',
        summary: 'Celebrities to filter posts by',
        response: { 200: CelebrityFilterList, ...AdminWriteErrorResponses },
      },
    },
    async () => ({ celebrities: await distinctValues(db, 'celebrity') }),
  );
  app.get(
    '/api/admin/posts/filters/shows',
    {
      schema: {
        operationId: 'listShowFilters',
        summary: 'Shows to filter posts by',
        response: { 200: ShowFilterList, ...AdminWriteErrorResponses },
      },
    },
    async () => ({ shows: await distinctValues(db, 'show') }),
  );
  app.get(
    '/api/admin/posts/filters/brands',
    {
      schema: {
        operationId: 'listBrandFilters',
        summary: 'Brands to filter posts by',
        response: { 200: BrandFilterList, ...AdminWriteErrorResponses },
      },
    },
    async () => ({ brands: await distinctValues(db, 'brand') }),
  );
  app.get(
    '/api/admin/posts/filters/product-types',
    {
      schema: {
        operationId: 'listProductTypeFilters',
        summary: 'Product types to filter posts by',
        response: { 200: ProductTypeFilterList, ...AdminWriteErrorResponses },
      },
    },
    async () => ({ productTypes: await distinctValues(db, 'product_type') }),
  );
  app.get(
    '/api/admin/posts/filters/platforms',
    {
      schema: {
        operationId: 'listPlatformFilters',
        summary: 'Platforms to filter posts by',
        response: { 200: PlatformFilterList, ...AdminWriteErrorResponses },
      },
    },
    async () => ({ platforms: await distinctValues(db, 'platform') }),
  );
};

export default filterRoutes;
