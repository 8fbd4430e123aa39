import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { productInBrowser } from './server-harness.js';

/**
 * The blog part: an operator publishes a post with an image through the
 * operator commands on the running product; it appears as a teaser on the home page and opens at
 * /blog/{slug} in English and German. Screenshots at 375 and 1280 px.
 */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

const TEXT = {
  en: { cookies: 'Necessary only', read: 'Read', title: 'Leave some headroom', teasers: 'From the blog' },
  de: { cookies: 'Nur notwendige', read: 'Lesen', title: 'Lass Luft nach oben', teasers: 'Aus dem Blog' },
} as const;

const product = productInBrowser({ shots: 'blog' });

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'scripts/admin.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: product.server.dataDir, INTERNAL_PORT: String(product.server.internalPort), LOG_LEVEL: 'warn' },
  });
  return stdout;
}

describe('the blog in the browser', () => {
  beforeAll(async () => {
    const dir = product.server.dataDir;
    // A 1800 x 900 cover made here (a gradient), and the post's Markdown in both languages.
    const width = 1800;
    const height = 900;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i += 1) pixels.set([(i % width) % 256, 40, ((i / width) * 0.28) % 256], i * 3);
    await writeFile(path.join(dir, 'cover.jpg'), await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg().toBuffer());
    await writeFile(path.join(dir, 'post.en.md'), '# Why headroom matters\n\nKeep your peaks around **-6 dBFS** and leave the limiter off.\n\n- export 24-bit\n- no dither\n\n<script>alert(1)</script>');
    await writeFile(path.join(dir, 'post.de.md'), '# Warum Luft wichtig ist\n\nHalte deine Spitzen bei etwa **-6 dBFS** und lass den Limiter aus.');

    expect(await admin('blog:category', 'mixing', '--en', 'Mixing', '--de', 'Mischen')).toContain('category mixing');
    const image = await admin('blog:image', path.join(dir, 'cover.jpg'));
    const imageId = /added image ([0-9a-f-]{36})/.exec(image)?.[1];
    expect(imageId).toBeDefined();
    expect(image).toMatch(/thumbnail 320x160, small 640x320, medium 1024x512, large 1600x800/);
    const published = await admin(
      'blog:publish', 'headroom', '--title', TEXT.en.title, '--abstract', 'Why your mix should peak below zero.', '--file', path.join(dir, 'post.en.md'),
      '--author', 'Mara Klang', '--category', 'mixing', '--cover', imageId!, '--featured',
    );
    expect(published).toContain('published headroom [en] published, featured');
    expect(await admin('blog:publish', 'headroom', '--locale', 'de', '--title', TEXT.de.title, '--abstract', 'Warum dein Mix unter null bleiben soll.', '--file', path.join(dir, 'post.de.md'))).toContain(
      '[de, en]',
    );
  }, 120_000);

  for (const locale of ['en', 'de'] as const) {
    for (const width of [1280, 375]) {
      it(`when the post is published, then the home page shows its teaser and Read opens /blog/headroom (${locale}, ${width} px)`, async () => {
        const t = TEXT[locale];
        const context = await product.newContext(locale, width);
        const page = await context.newPage();
        page.on('dialog', (dialog) => {
          throw new Error(`a script ran in the page: ${dialog.message()}`);
        });
        await page.goto('/');
        await page.getByRole('button', { name: t.cookies }).click();
        const teasers = page.getByTestId('blog-teasers');
        await teasers.getByRole('heading', { name: t.teasers }).waitFor();
        const teaser = teasers.getByTestId('post-teaser').filter({ hasText: t.title });
        await teaser.scrollIntoViewIfNeeded();
        // The cover is loaded lazily: it arrives once scrolled into view.
        await expect.poll(() => teaser.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
        await page.screenshot({ path: path.join(product.shotsDir, `home-teaser-${locale}-${width}.png`), animations: 'disabled', fullPage: true });

        await teaser.getByRole('link', { name: new RegExp(`^${t.read}`) }).click();
        await page.waitForURL('**/blog/headroom');
        const post = page.getByTestId('blog-post');
        await post.getByRole('heading', { level: 1, name: t.title }).waitFor();
        const body = post.getByTestId('blog-post-body');
        await expect.poll(() => body.innerHTML()).toContain('<strong>-6 dBFS</strong>');
        expect(await body.locator('script').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(product.shotsDir, `post-${locale}-${width}.png`), animations: 'disabled', fullPage: true });
      }, 60_000);
    }
  }
});
