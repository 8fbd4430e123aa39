import { publicProcedure, router } from '../../platform/trpc/trpc.js';
import { featuredPost, getPost, listCategories, listPosts } from './blog.service.js';
import { ZPostInput, ZPostsInput } from './blog.schemas.js';

/** The blog's content service for the SPA: public, in the reader's language. */
export const blogRouter = router({
  posts: publicProcedure.input(ZPostsInput).query(({ ctx, input }) => listPosts(ctx, input)),
  featuredPost: publicProcedure.query(({ ctx }) => featuredPost(ctx)),
  categories: publicProcedure.query(({ ctx }) => listCategories(ctx)),
  post: publicProcedure.input(ZPostInput).query(({ ctx, input }) => getPost(ctx, input)),
});
