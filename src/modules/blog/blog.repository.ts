import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/** Kysely only: the blog's categories, images, posts and their texts. */

export function findCategories(db: Database) {
  return db.selectFrom('blog_categories').select(['id', 'slug', 'name_en', 'name_de', 'sort_order']).orderBy('sort_order').orderBy('slug').execute();
}

export function findCategoryBySlug(db: Database, slug: string) {
  return db.selectFrom('blog_categories').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirst();
}

export function upsertCategory(db: Database, values: { slug: string; nameEn: string; nameDe: string; order?: number }) {
  return db
    .insertInto('blog_categories')
    .values({ slug: values.slug, name_en: values.nameEn, name_de: values.nameDe, ...(values.order !== undefined ? { sort_order: values.order } : {}) })
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet({ name_en: values.nameEn, name_de: values.nameDe, ...(values.order !== undefined ? { sort_order: values.order } : {}) }),
    )
    .returning(['id', 'slug', 'name_en', 'name_de', 'sort_order'])
    .executeTakeFirstOrThrow();
}

export function insertImage(db: Database, values: { id: string; originalName: string; sizes: { size: string; width: number; height: number }[] }) {
  return db.insertInto('blog_images').values({ id: values.id, original_name: values.originalName, sizes: JSON.stringify(values.sizes) }).returning('id').executeTakeFirstOrThrow();
}

export function findImage(db: Database, imageId: string) {
  return db.selectFrom('blog_images').select(['id', 'sizes']).where('id', '=', imageId).executeTakeFirst();
}

/** Published posts, newest first, each in the reader's language when written in it, else English. */
export function findPublishedPosts(db: Database, filter: { locale: 'en' | 'de'; categorySlug?: string; slug?: string; featuredOnly?: boolean; limit: number }) {
  let query = db
    .selectFrom('blog_posts')
    .innerJoin('blog_post_texts as text', (join) =>
      join
        .onRef('text.post_id', '=', 'blog_posts.id')
        // The reader's language if the post has it, else English, else whatever it was written in.
        .on(
          'text.locale',
          '=',
          sql<'en' | 'de'>`(select t.locale from blog_post_texts t where t.post_id = blog_posts.id order by (t.locale = ${filter.locale}) desc, (t.locale = 'en') desc limit 1)`,
        ),
    )
    .leftJoin('blog_categories', 'blog_categories.id', 'blog_posts.category_id')
    .leftJoin('blog_images', 'blog_images.id', 'blog_posts.cover_image_id')
    .select([
      'blog_posts.id',
      'blog_posts.slug',
      'blog_posts.author',
      'blog_posts.featured',
      'blog_posts.published_at',
      'text.locale',
      'text.title',
      'text.abstract',
      'text.body_html',
      'blog_categories.slug as category_slug',
      'blog_categories.name_en as category_name_en',
      'blog_categories.name_de as category_name_de',
      'blog_images.id as image_id',
      'blog_images.sizes as image_sizes',
    ])
    .where('blog_posts.published_at', 'is not', null);
  if (filter.categorySlug) query = query.where('blog_categories.slug', '=', filter.categorySlug);
  if (filter.slug) query = query.where('blog_posts.slug', '=', filter.slug);
  if (filter.featuredOnly) query = query.where('blog_posts.featured', '=', true);
  return query.orderBy('blog_posts.published_at', 'desc').orderBy('blog_posts.id').limit(filter.limit).execute();
}
export type PostRow = Awaited<ReturnType<typeof findPublishedPosts>>[number];

export function findPostBySlug(db: Database, slug: string) {
  return db.selectFrom('blog_posts').select(['id', 'slug', 'published_at', 'featured']).where('slug', '=', slug).executeTakeFirst();
}

export function insertPost(db: Database, values: { slug: string; author: string; categoryId: number | null; coverImageId: string | null }) {
  return db
    .insertInto('blog_posts')
    .values({ slug: values.slug, author: values.author, category_id: values.categoryId, cover_image_id: values.coverImageId })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export function updatePost(db: Database, postId: string, values: { author?: string; categoryId?: number | null; coverImageId?: string | null; publish?: boolean; featured?: boolean }) {
  return db
    .updateTable('blog_posts')
    .set({
      ...(values.author !== undefined ? { author: values.author } : {}),
      ...(values.categoryId !== undefined ? { category_id: values.categoryId } : {}),
      ...(values.coverImageId !== undefined ? { cover_image_id: values.coverImageId } : {}),
      ...(values.featured !== undefined ? { featured: values.featured } : {}),
      ...(values.publish === true ? { published_at: sql<Date>`coalesce(published_at, now())` } : values.publish === false ? { published_at: null } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', postId)
    .execute();
}

export function clearFeatured(db: Database, exceptPostId: string) {
  return db.updateTable('blog_posts').set({ featured: false }).where('featured', '=', true).where('id', '<>', exceptPostId).execute();
}

export function upsertPostText(db: Database, values: { postId: string; locale: 'en' | 'de'; title: string; abstract: string; markdown: string; html: string }) {
  const row = { title: values.title, abstract: values.abstract, body_markdown: values.markdown, body_html: values.html, updated_at: sql<Date>`now()` };
  return db
    .insertInto('blog_post_texts')
    .values({ post_id: values.postId, locale: values.locale, ...row })
    .onConflict((oc) => oc.columns(['post_id', 'locale']).doUpdateSet(row))
    .execute();
}

export function findPostLocales(db: Database, postId: string) {
  return db.selectFrom('blog_post_texts').select('locale').where('post_id', '=', postId).orderBy('locale').execute();
}

/** Every post for the operators' list, published or not. */
export function findAllPosts(db: Database) {
  return db
    .selectFrom('blog_posts')
    .select((eb) => [
      'blog_posts.id',
      'blog_posts.slug',
      'blog_posts.published_at',
      'blog_posts.featured',
      eb.selectFrom('blog_post_texts').select(sql<string>`string_agg(locale, ',' order by locale)`.as('l')).whereRef('post_id', '=', 'blog_posts.id').as('locales'),
    ])
    .orderBy('blog_posts.created_at', 'desc')
    .execute();
}
