/** The charts' one door to `@bloom/domain/shades` (palette, shade index, response colours), the browser-safe subpath. */
export * from '@bloom/domain/shades';
