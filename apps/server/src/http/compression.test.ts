import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, compressOffLoop, preferredEncoding } from './compression';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe('compress', () => {
  const json = JSON.stringify({ sections: Array.from({ length: 400 }, (_, i) => ({ title: `Section ${i}`, text: 'You notice and savour good moments.' })) });

  it('round-trips through brotli and gzip, and shrinks a report-like answer to under a fifth', () => {
    const br = compress(json, 'br');
    const gz = compress(Buffer.from(json), 'gzip');
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(gz).toString()).toBe(json);
    expect(br.length).toBeLessThan(json.length / 5);
  });

  it('gives the same bytes on the thread pool', async () => {
    expect(await compressOffLoop(json, 'br')).toEqual(compress(json, 'br'));
    expect(await compressOffLoop(json, 'gzip')).toEqual(compress(json, 'gzip'));
  });
});
