/**
 * Testimonial cards (welcome pages; the journey's results carousel may reuse them).
 * These are illustrative stories written for this product, not quotes from real
 * members, and the UI says so. Replace them with real, consented member stories
 * (and set `illustrative: false`) before claiming otherwise.
 */
export interface Testimonial {
  id: string;
  quote: string;
  /** Who the story is about, without a name. */
  attribution: string;
  image: string;
  alt: string;
  illustrative: boolean;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 'story-1',
    quote: 'I expected a score. Instead I saw the parts of my life that were already working, and that made it easier to build on them.',
    attribution: 'A nurse balancing shift work',
    image: '/images/testimonials/story-1.svg',
    alt: 'Illustration of a smiling person with a bob haircut beside a coral lotus.',
    illustrative: true,
  },
  {
    id: 'story-2',
    quote: 'Seeing my Connection petal so pale was a gentle nudge. I now have dinner with a friend every Thursday.',
    attribution: 'A developer who had just moved city',
    image: '/images/testimonials/story-2.svg',
    alt: 'Illustration of a calm, smiling person beside a blue lotus.',
    illustrative: true,
  },
  {
    id: 'story-3',
    quote: 'The plan was short enough to actually follow: two small practices a day, for two months.',
    attribution: 'A parent of two young children',
    image: '/images/testimonials/story-3.svg',
    alt: 'Illustration of a smiling person with their hair in a bun beside a green lotus.',
    illustrative: true,
  },
  {
    id: 'story-4',
    quote: 'When I retook the assessment after ten weeks, my Rest wellspring had deepened. That felt real.',
    attribution: 'A retired teacher',
    image: '/images/testimonials/story-4.svg',
    alt: 'Illustration of a smiling person with long grey hair beside a purple lotus.',
    illustrative: true,
  },
  {
    id: 'story-5',
    quote: 'It gave my coach and me a shared language for what gives me energy.',
    attribution: 'A coaching client',
    image: '/images/testimonials/story-5.svg',
    alt: 'Illustration of a smiling person with curly hair beside a golden lotus.',
    illustrative: true,
  },
  {
    id: 'story-6',
    quote: 'I liked that it asked about the good things. I came away hopeful rather than judged.',
    attribution: 'A small-business owner',
    image: '/images/testimonials/story-6.svg',
    alt: 'Illustration of a calm, smiling person beside a teal lotus.',
    illustrative: true,
  },
];

export const TESTIMONIALS_DISCLOSURE =
  'These are illustrative stories of the kind of reflection Bloom supports, not quotes from real members.';
