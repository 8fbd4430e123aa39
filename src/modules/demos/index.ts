export { demosRouter } from './demos.trpc.js';
export { demosRest } from './demos.rest.js';
export { addDemo, removeDemo } from './demos.service.js';
export * from './demos.schemas.js';
