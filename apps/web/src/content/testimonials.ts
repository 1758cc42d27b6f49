import { TESTIMONIAL_STORIES, type TestimonialStory } from '@bloom/domain/testimonials';

/**
 * Testimonial cards for the welcome pages. The stories live in the domain's content pack
 * (packages/domain/src/content/testimonials.json), the one source the server's
 * GetTestimonials also serves. They are illustrative stories, not quotes from real
 * members, and the UI says so while any of them is marked illustrative.
 */
export interface Testimonial extends Omit<TestimonialStory, 'image'> {
  /** Path of the illustration. */
  image: string;
}

export const TESTIMONIALS: readonly Testimonial[] = TESTIMONIAL_STORIES.map((story) => ({
  ...story,
  image: `/images/testimonials/${story.image}`,
}));

export const TESTIMONIALS_DISCLOSURE =
  'These are illustrative stories of the kind of reflection Bloom supports, not quotes from real members.';
