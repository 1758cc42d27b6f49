const ASSET_FILE = /^[a-z0-9][a-z0-9-]*\.(svg|png|jpe?g|webp)$/i;

/**
 * Where a testimonial image may be: a file name the API gives is looked for where the testimonial
 * illustrations are kept (/images/testimonials/, as on the welcome page), then directly under
 * /images/. The usual place comes first, so a carousel costs no failed request per slide.
 * Anything that is not a plain asset name is not loaded.
 */
export function testimonialImageCandidates(image: string): string[] {
  if (image.startsWith('/images/')) {
    const parts = image.split('/').slice(2);
    const valid = parts.length > 0 && parts.every((part, i) => (i === parts.length - 1 ? ASSET_FILE.test(part) : /^[a-z0-9-]+$/i.test(part)));
    return valid ? [image] : [];
  }
  return ASSET_FILE.test(image) ? [`/images/testimonials/${image}`, `/images/${image}`] : [];
}
