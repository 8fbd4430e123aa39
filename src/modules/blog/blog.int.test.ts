import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { createCallerFactory } from '../../platform/trpc/trpc.js';
import { createTestPlatform } from '../../test/test-platform.js';
import { useTestApp } from '../../test/test-app.js';
import { addCategory, addImage, publishPost, unpublishPost } from './blog.service.js';

describe('blog content service', () => {
  const suite = useTestApp();
  const reader = (locale: 'en' | 'de' = 'en') => suite.callerFor(null, locale);
  const operator = () => ({ db: suite.platform.db, storage: suite.platform.storage });

  /** A 2000 x 1000 PNG made here: a gradient, so every size has real pixels to scale. */
  async function imageFile(name: string) {
    const width = 2000;
    const height = 1000;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i += 1) pixels.set([i % 256, (i / width) % 256, 128], i * 3);
    const file = path.join(suite.platform.env.DATA_DIR, name);
    await writeFile(file, await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer());
    return file;
  }

  it('when an operator publishes a post with a cover image, then readers get it in their language with the image in four sizes', async () => {
    await addCategory(operator(), { slug: 'mixing', nameEn: 'Mixing', nameDe: 'Mischen' });
    const image = await addImage(operator(), { path: await imageFile('cover.png') });
    expect(image.sizes.map((s) => [s.size, s.width, s.height])).toEqual([
      ['thumbnail', 320, 160],
      ['small', 640, 320],
      ['medium', 1024, 512],
      ['large', 1600, 800],
    ]);
    await publishPost(operator(), {
      slug: 'headroom',
      locale: 'en',
      title: 'Leave some headroom',
      abstract: 'Why your mix should peak below zero.',
      markdown: '# Headroom\n\nKeep peaks at **-6 dBFS**.<script>alert(1)</script>',
      author: 'Mara',
      category: 'mixing',
      coverImageId: image.id,
      featured: true,
    });
    await publishPost(operator(), { slug: 'headroom', locale: 'de', title: 'Lass Luft nach oben', abstract: 'Warum dein Mix unter null bleiben soll.', markdown: 'Spitzen bei **-6 dBFS**.' });

    const english = await reader('en').blog.post({ slug: 'headroom' });
    expect(english).toMatchObject({ title: 'Leave some headroom', author: 'Mara', locale: 'en', category: { slug: 'mixing', name: 'Mixing' }, featured: true });
    expect(english.html).toContain('<strong>-6 dBFS</strong>');
    expect(english.html).not.toContain('<script');
    const german = await reader('de').blog.post({ slug: 'headroom' });
    expect(german).toMatchObject({ title: 'Lass Luft nach oben', locale: 'de', category: { name: 'Mischen' } });
    expect((await reader('de').blog.featuredPost())?.slug).toBe('headroom');
    expect((await reader().blog.posts({ category: 'mixing' })).map((p) => p.slug)).toContain('headroom');
    expect(await reader().blog.categories()).toContainEqual({ slug: 'mixing', name: 'Mixing' });

    // The image sizes are served as WebP, each at its width.
    const response = await fetch(`${suite.app.base}${english.coverImage!.sizes[1]!.url}`);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(640);
    // The content service over REST answers the same.
    const rest = (await (await fetch(`${suite.app.base}/api/content/posts/headroom`, { headers: { 'accept-language': 'de' } })).json()) as { title: string };
    expect(rest.title).toBe('Lass Luft nach oben');
  });

  it('when a post exists only in English, then German readers get the English text', async () => {
    await publishPost(operator(), { slug: 'only-english', locale: 'en', title: 'Only English', abstract: 'One language.', markdown: 'Text.', author: 'Mara' });
    expect(await reader('de').blog.post({ slug: 'only-english' })).toMatchObject({ title: 'Only English', locale: 'en' });
  });

  it('when a post is unpublished, then it is gone for readers, and publishing again brings it back', async () => {
    const first = await publishPost(operator(), { slug: 'come-and-go', locale: 'en', title: 'Come and go', abstract: 'A.', markdown: 'B.', author: 'Mara' });
    expect(first.published).toBe(true);
    expect((await reader().blog.post({ slug: 'come-and-go' })).title).toBe('Come and go');
    expect((await unpublishPost(operator(), { slug: 'come-and-go' })).published).toBe(false);
    await expect(reader().blog.post({ slug: 'come-and-go' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await reader().blog.posts()).map((p) => p.slug)).not.toContain('come-and-go');
    await publishPost(operator(), { slug: 'come-and-go', locale: 'en', title: 'Come and go again', abstract: 'A.', markdown: 'B.' });
    expect((await reader().blog.post({ slug: 'come-and-go' })).title).toBe('Come and go again');
  });

  it('when the operator gives bad input, then nothing is written and the reason is named', async () => {
    await expect(publishPost(operator(), { slug: 'no-author', locale: 'en', title: 'T', abstract: 'A', markdown: 'M' })).rejects.toMatchObject({ message: 'blog.authorRequired' });
    await expect(publishPost(operator(), { slug: 'bad-category', locale: 'en', title: 'T', abstract: 'A', markdown: 'M', author: 'X', category: 'nope' })).rejects.toMatchObject({
      message: 'blog.categoryNotFound',
    });
    const notImage = path.join(suite.platform.env.DATA_DIR, 'not-an-image.png');
    await writeFile(notImage, 'hello');
    await expect(addImage(operator(), { path: notImage })).rejects.toMatchObject({ message: 'blog.notAnImage' });
    const posts = await suite.platform.db.selectFrom('blog_posts').select('slug').where('slug', 'in', ['no-author', 'bad-category']).execute();
    expect(posts).toEqual([]);
    expect(await suite.platform.db.selectFrom('blog_images').select('id').where('original_name', '=', 'not-an-image.png').execute()).toEqual([]);
  });

  it('when FEATURE_BLOG is off, then the blog answers not found everywhere', async () => {
    const off = await createTestPlatform({ FEATURE_BLOG: 'false' });
    try {
      const caller = createCallerFactory(appRouter)(off.contextFor(null));
      await expect(caller.blog.posts()).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(caller.blog.featuredPost()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await off.close();
    }
  });
});
