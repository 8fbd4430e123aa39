import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { IMAGE_SIZES, type TImageSize } from './blog.schemas.js';

/** 20 MB: a camera photo fits; anything bigger is not a web image. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export const imageKeyOf = (imageId: string, size: TImageSize) => `blog/images/${imageId}/${size}.webp`;
export const imageUrlOf = (imageId: string, size: TImageSize) => `/api/blog/images/${imageId}/${size}`;

export interface RenderedSize {
  size: TImageSize;
  width: number;
  height: number;
}

/**
 * Makes the four sizes (thumbnail, small, medium, large) with sharp, each as WebP, never
 * wider than the original (no upscaling), rotated as the camera said (EXIF) and stripped of
 * metadata (no location leaks). Each is written under a temporary name and moved into place; on any
 * failure the sizes already written are removed again.
 */
export async function storeImageSizes(storage: FileStorage, imageId: string, source: Buffer): Promise<RenderedSize[]> {
  let metadata: Metadata;
  try {
    metadata = await sharp(source).metadata();
  } catch (error) {
    throw new AppError('BAD_REQUEST', 'blog.notAnImage', { cause: error });
  }
  if (!metadata.width || !metadata.height || !['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'].includes(metadata.format ?? '')) {
    throw new AppError('BAD_REQUEST', 'blog.notAnImage');
  }
  const written: TImageSize[] = [];
  try {
    const sizes: RenderedSize[] = [];
    for (const { size, width } of IMAGE_SIZES) {
      const { data, info } = await sharp(source).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
      await storage.write(imageKeyOf(imageId, size), Readable.from(data));
      written.push(size);
      sizes.push({ size, width: info.width, height: info.height });
    }
    return sizes;
  } catch (error) {
    await Promise.all(written.map((size) => storage.remove(imageKeyOf(imageId, size)).catch(() => undefined)));
    throw error;
  }
}

/** Reads an operator's image file, bounded in size. */
export async function readImageFile(file: string): Promise<{ bytes: Buffer; name: string }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new AppError('NOT_FOUND', 'blog.imageFileNotFound', { detail: file, cause: error });
  }
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'blog.imageTooLarge');
  return { bytes, name: path.basename(file) };
}
