export * from './error.ts';
export * from './pagination.ts';
export * from './post.ts';
export * from './catalog-profiles.ts';
