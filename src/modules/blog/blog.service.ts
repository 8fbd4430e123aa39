import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { imageKeyOf, imageUrlOf, readImageFile, storeImageSizes } from './blog.images.js';
import { renderPostMarkdown } from './blog.markdown.js';
import * as repo from './blog.repository.js';
import {
  IMAGE_SIZES,
  type TAddCategoryInput,
  type TAddImageInput,
  type TBlogCategory,
  type TBlogImage,
  type TImageSize,
  type TPost,
  type TPostInput,
  type TPostsInput,
  type TPostStatus,
  type TPostTeaser,
  type TPublishPostInput,
  type TUnpublishPostInput,
} from './blog.schemas.js';

/** FEATURE_BLOG=false hides the blog: every reader call answers "not found", as for a missing post. */
function assertBlogOn(ctx: ServiceContext) {
  if (!ctx.platform.env.FEATURE_BLOG) throw notFound('blog');
}

function imageOf(id: string | null, sizes: unknown): TBlogImage | null {
  if (!id || !Array.isArray(sizes)) return null;
  const known = new Map((sizes as { size: TImageSize; width: number; height: number }[]).map((s) => [s.size, s]));
  return {
    id,
    sizes: IMAGE_SIZES.flatMap(({ size }) => {
      const s = known.get(size);
      return s ? [{ size, url: imageUrlOf(id, size), width: s.width, height: s.height }] : [];
    }),
  };
}

function toTeaser(row: repo.PostRow, locale: 'en' | 'de'): TPostTeaser {
  return {
    slug: row.slug,
    title: row.title,
    author: row.author,
    abstract: row.abstract,
    category: row.category_slug ? { slug: row.category_slug, name: locale === 'de' ? row.category_name_de! : row.category_name_en! } : null,
    published_at: new Date(row.published_at!).toISOString(),
    featured: row.featured,
    coverImage: imageOf(row.image_id, row.image_sizes),
    locale: row.locale,
  };
}

/** The content service's "posts": published posts, newest first, optionally of one category. */
export async function listPosts(ctx: ServiceContext, input: TPostsInput): Promise<TPostTeaser[]> {
  assertBlogOn(ctx);
  const rows = await repo.findPublishedPosts(ctx.db, { locale: ctx.locale, categorySlug: input.category, limit: input.limit });
  return rows.map((row) => toTeaser(row, ctx.locale));
}

/** The content service's "featured-post": the one post marked featured, or the newest; null with none. */
export async function featuredPost(ctx: ServiceContext): Promise<TPostTeaser | null> {
  assertBlogOn(ctx);
  const [featured] = await repo.findPublishedPosts(ctx.db, { locale: ctx.locale, featuredOnly: true, limit: 1 });
  const row = featured ?? (await repo.findPublishedPosts(ctx.db, { locale: ctx.locale, limit: 1 }))[0];
  return row ? toTeaser(row, ctx.locale) : null;
}

/** The content service's "categories", in the operators' order, named in the reader's language. */
export async function listCategories(ctx: ServiceContext): Promise<TBlogCategory[]> {
  assertBlogOn(ctx);
  return (await repo.findCategories(ctx.db)).map((row) => ({ slug: row.slug, name: ctx.locale === 'de' ? row.name_de : row.name_en }));
}

/** One published post (/blog/{slug}); an unpublished or unknown one is "not found". */
export async function getPost(ctx: ServiceContext, input: TPostInput): Promise<TPost> {
  assertBlogOn(ctx);
  const [row] = await repo.findPublishedPosts(ctx.db, { locale: ctx.locale, slug: input.slug, limit: 1 });
  if (!row) throw notFound('post');
  return { ...toTeaser(row, ctx.locale), html: row.body_html };
}

/* ---------- operators (npm run admin) ---------- */

export interface BlogOperatorContext {
  db: Database;
  storage: FileStorage;
}

async function statusOf(db: Database, slug: string): Promise<TPostStatus> {
  const post = await repo.findPostBySlug(db, slug);
  if (!post) throw notFound('post');
  const locales = (await repo.findPostLocales(db, post.id)).map((row) => row.locale);
  return { slug: post.slug, locales, published: post.published_at !== null, featured: post.featured };
}

/**
 * Publishes a post in one language, or updates it: the Markdown is rendered and sanitised here,
 * once. A new post needs an author; category and cover image must exist. An update keeps the
 * publication date; marking one post featured unmarks the other.
 */
export async function publishPost(ctx: BlogOperatorContext, input: TPublishPostInput): Promise<TPostStatus> {
  const html = renderPostMarkdown(input.markdown);
  await ctx.db.transaction().execute(async (trx) => {
    const category = input.category ? await repo.findCategoryBySlug(trx, input.category) : undefined;
    if (input.category && !category) throw new AppError('NOT_FOUND', 'blog.categoryNotFound', { detail: input.category });
    if (input.coverImageId && !(await repo.findImage(trx, input.coverImageId))) throw new AppError('NOT_FOUND', 'blog.imageNotFound', { detail: input.coverImageId });
    let post = await repo.findPostBySlug(trx, input.slug);
    if (!post) {
      if (!input.author) throw new AppError('BAD_REQUEST', 'blog.authorRequired');
      const { id } = await repo.insertPost(trx, { slug: input.slug, author: input.author, categoryId: category?.id ?? null, coverImageId: input.coverImageId ?? null });
      post = { id, slug: input.slug, published_at: null, featured: false };
    }
    if (input.featured) await repo.clearFeatured(trx, post.id);
    await repo.updatePost(trx, post.id, {
      author: input.author,
      categoryId: category ? category.id : undefined,
      coverImageId: input.coverImageId,
      featured: input.featured,
      publish: true,
    });
    await repo.upsertPostText(trx, { postId: post.id, locale: input.locale, title: input.title, abstract: input.abstract, markdown: input.markdown, html });
  });
  return statusOf(ctx.db, input.slug);
}

/** Takes a post off the blog (its texts stay, for publishing again). */
export async function unpublishPost(ctx: BlogOperatorContext, input: TUnpublishPostInput): Promise<TPostStatus> {
  const post = await repo.findPostBySlug(ctx.db, input.slug);
  if (!post) throw notFound('post');
  await repo.updatePost(ctx.db, post.id, { publish: false, featured: false });
  return statusOf(ctx.db, input.slug);
}

export async function addCategory(ctx: BlogOperatorContext, input: TAddCategoryInput): Promise<TBlogCategory & { nameDe: string }> {
  const row = await repo.upsertCategory(ctx.db, input);
  return { slug: row.slug, name: row.name_en, nameDe: row.name_de };
}

/** Stores an image in the four sizes and records it; answers its id for --cover or Markdown. */
export async function addImage(ctx: BlogOperatorContext, input: TAddImageInput): Promise<TBlogImage> {
  const { bytes, name } = await readImageFile(input.path);
  const id = randomUUID();
  const sizes = await storeImageSizes(ctx.storage, id, bytes);
  await repo.insertImage(ctx.db, { id, originalName: input.name ?? name, sizes });
  return imageOf(id, sizes)!;
}

export async function listPostsForOperators(ctx: BlogOperatorContext): Promise<TPostStatus[]> {
  return (await repo.findAllPosts(ctx.db)).map((row) => ({
    slug: row.slug,
    locales: (row.locales ?? '').split(',').filter((l): l is 'en' | 'de' => l === 'en' || l === 'de'),
    published: row.published_at !== null,
    featured: row.featured,
  }));
}

/** The stored file of an image size, for the public image route; unknown images are "not found". */
export async function imageFile(ctx: ServiceContext, input: { id: string; size: TImageSize }): Promise<{ key: string }> {
  assertBlogOn(ctx);
  if (!/^[0-9a-f-]{36}$/i.test(input.id) || !(await repo.findImage(ctx.db, input.id))) throw notFound('image');
  return { key: imageKeyOf(input.id, input.size) };
}
