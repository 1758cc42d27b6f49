/** Texts of the testimonial carousel on the results summary (spec 01 §9). */
export const CAROUSEL_TEXT = {
  title: 'What people say',
  illustrative: 'Illustrative stories, not quotes from real members.',
  play: 'Play testimonials',
  pause: 'Pause testimonials',
  /** A slide's name among the others, read as it comes into view. */
  slide: (number: number, count: number) => `${number} of ${count}`,
  /** A dot's name: the slide it shows. */
  show: (number: number, count: number) => `Show testimonial ${number} of ${count}`,
} as const;
