export * from './platforms.schemas.js';
