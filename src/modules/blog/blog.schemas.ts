import { z } from 'zod';

/** The blog's content service: categories, posts, a featured post. */

/** Cover image sizes, in this order. Widths in pixels. */
export const IMAGE_SIZES = [
  { size: 'thumbnail', width: 320 },
  { size: 'small', width: 640 },
  { size: 'medium', width: 1024 },
  { size: 'large', width: 1600 },
] as const;
export type TImageSize = (typeof IMAGE_SIZES)[number]['size'];
export const ZImageSize = z.enum(['thumbnail', 'small', 'medium', 'large']);

export const ZSlug = z
  .string('blog.invalidSlug')
  .trim()
  .toLowerCase()
  .max(120, 'blog.invalidSlug')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'blog.invalidSlug');
const ZLocale = z.enum(['en', 'de']);

/* ---------- inputs: readers ---------- */

export const ZPostsInput = z.object({ category: ZSlug.optional(), limit: z.number().int().min(1).max(50).default(20) }).default({ limit: 20 });
export type TPostsInput = z.infer<typeof ZPostsInput>;

export const ZPostInput = z.object({ slug: ZSlug });
export type TPostInput = z.infer<typeof ZPostInput>;

/* ---------- inputs: operators ---------- */

export const ZPublishPostInput = z.object({
  slug: ZSlug,
  locale: ZLocale.default('en'),
  title: z.string().trim().min(1, 'blog.titleRequired').max(200, 'blog.titleTooLong'),
  abstract: z.string().trim().min(1, 'blog.abstractRequired').max(600, 'blog.abstractTooLong'),
  markdown: z.string().trim().min(1, 'blog.bodyRequired').max(200_000, 'blog.bodyTooLong'),
  author: z.string().trim().min(1).max(120).optional(),
  category: ZSlug.optional(),
  coverImageId: z.uuid('blog.imageNotFound').optional(),
  featured: z.boolean().optional(),
});
export type TPublishPostInput = z.infer<typeof ZPublishPostInput>;

export const ZUnpublishPostInput = z.object({ slug: ZSlug });
export type TUnpublishPostInput = z.infer<typeof ZUnpublishPostInput>;

export const ZAddCategoryInput = z.object({
  slug: ZSlug,
  nameEn: z.string().trim().min(1).max(80),
  nameDe: z.string().trim().min(1).max(80),
  order: z.number().int().optional(),
});
export type TAddCategoryInput = z.infer<typeof ZAddCategoryInput>;

/** An image file on the machine the product runs on (the internal API is loopback-only). */
export const ZAddImageInput = z.object({ path: z.string().min(1), name: z.string().trim().min(1).max(200).optional() });
export type TAddImageInput = z.infer<typeof ZAddImageInput>;

/* ---------- answers ---------- */

export const ZImageVariant = z.object({ size: ZImageSize, url: z.string(), width: z.number().int(), height: z.number().int() });
export const ZBlogImage = z.object({ id: z.string(), sizes: z.array(ZImageVariant) });
export type TBlogImage = z.infer<typeof ZBlogImage>;

export const ZBlogCategory = z.object({ slug: z.string(), name: z.string() });
export type TBlogCategory = z.infer<typeof ZBlogCategory>;

/** A teaser: title, author, abstract, slug, category, published_at, cover image. */
export const ZPostTeaser = z.object({
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  abstract: z.string(),
  category: ZBlogCategory.nullable(),
  published_at: z.string(),
  featured: z.boolean(),
  coverImage: ZBlogImage.nullable(),
  /** The language of the text answered: the reader's, else English. */
  locale: ZLocale,
});
export type TPostTeaser = z.infer<typeof ZPostTeaser>;

/** A whole post: the teaser and its body as sanitised HTML. */
export const ZPost = ZPostTeaser.extend({ html: z.string() });
export type TPost = z.infer<typeof ZPost>;

/** What an operator command reports. */
export const ZPostStatus = z.object({ slug: z.string(), locales: z.array(ZLocale), published: z.boolean(), featured: z.boolean() });
export type TPostStatus = z.infer<typeof ZPostStatus>;
