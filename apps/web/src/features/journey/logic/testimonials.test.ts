import { describe, expect, it } from 'vitest';
import { testimonialImageCandidates } from './testimonials';

describe('testimonial images', () => {
  it('looks for a file name under /images/testimonials/, then /images/', () => {
    expect(testimonialImageCandidates('story-1.svg')).toEqual(['/images/testimonials/story-1.svg', '/images/story-1.svg']);
  });
  it('accepts a path already under /images/', () => {
    expect(testimonialImageCandidates('/images/testimonials/story-2.svg')).toEqual(['/images/testimonials/story-2.svg']);
  });
  it('refuses anything else', () => {
    expect(testimonialImageCandidates('https://evil.example/x.svg')).toEqual([]);
    expect(testimonialImageCandidates('/images/../secret.svg')).toEqual([]);
    expect(testimonialImageCandidates('javascript:alert(1)')).toEqual([]);
  });
});
