import type { TBlogImage } from '../../../../../src/modules/blog/blog.schemas.js';
import classes from './blog.module.css';

/** A cover in the size the layout needs: the browser picks from the four widths by `sizes`. */
export function CoverImage({ image, alt, sizes, eager = false }: { image: TBlogImage; alt: string; sizes: string; eager?: boolean }) {
  const largest = image.sizes.at(-1);
  if (!largest) return null;
  return (
    <img
      className={classes.cover}
      src={(image.sizes.find((s) => s.size === 'medium') ?? largest).url}
      srcSet={image.sizes.map((s) => `${s.url} ${s.width}w`).join(', ')}
      sizes={sizes}
      width={largest.width}
      height={largest.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
    />
  );
}
