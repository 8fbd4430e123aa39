export { blogRouter } from './blog.trpc.js';
export { blogRest } from './blog.rest.js';
export { addCategory, addImage, listPostsForOperators, publishPost, unpublishPost, type BlogOperatorContext } from './blog.service.js';
export * from './blog.schemas.js';
