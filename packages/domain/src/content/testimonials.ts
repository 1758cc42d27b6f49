/**
 * The testimonial stories on their own, for the browser (welcome pages): importing this
 * subpath (`@bloom/domain/testimonials`) does not pull in the rest of the content pack.
 * The server validates the same file as part of the content pack at start-up.
 */
import testimonials from './testimonials.json';

export interface TestimonialStory {
  readonly id: string;
  readonly quote: string;
  readonly attribution: string;
  /** File name under /images/testimonials/. */
  readonly image: string;
  readonly alt: string;
  readonly illustrative: boolean;
}

export const TESTIMONIAL_STORIES: readonly TestimonialStory[] = testimonials.stories;
