export * from './error.ts';
export * from './pagination.ts';
export * from './post.ts';
export * from './web-routes.ts';
export * from './site-config.ts';
export * from './catalog-profiles.ts';
export * from './newsletter.ts';
export * from './support.ts';
