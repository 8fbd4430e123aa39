export { configuredThirdPartyOrigins, publicConfig } from './site.service.js';
export { siteRouter } from './site.trpc.js';
export { siteRest } from './site.rest.js';
export * from './site.schemas.js';
