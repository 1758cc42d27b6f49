/**
 * Copy of the three welcome pages (spec 01 §1, spec 02 §2). Claims marked
 * "spec" are the product's own statements required by the specification; the
 * operator is responsible for keeping them true.
 */
export type WelcomeIcon = 'chart' | 'sprout' | 'clock' | 'lotus' | 'compass' | 'flask' | 'award' | 'shield' | 'heart' | 'list' | 'lock';

/** What a page's main button does; the page wires each to its call. */
export type WelcomeAction = 'startRapid' | 'startProfessional' | 'clientLogin';

export interface WelcomeCard {
  icon: WelcomeIcon;
  title: string;
  body: string;
}

export interface WelcomeContent {
  eyebrow: string;
  headline: string;
  lead: string;
  /** Short facts under the buttons (time, length). */
  facts: readonly string[];
  action: WelcomeAction;
  actionLabel: string;
  /** "Member Log In" beside the main button, for visitors who are signed out or guests. */
  offerMemberLogIn: boolean;
  heroImageAlt: string;
  reasons: { title: string; intro: string; cards: readonly WelcomeCard[] };
  /** The client page's "Why Choose" section. */
  whyChoose?: { title: string; intro: string; claims: readonly WelcomeCard[] };
  steps?: { title: string; items: readonly { title: string; body: string }[] };
  benefits?: { title: string; cards: readonly WelcomeCard[] };
  testimonials: { title: string; intro: string };
  closing: { title: string; body: string };
}

export const WELCOME_SHARED = {
  memberLogIn: 'Member Log In',
  disclaimer:
    'Bloom is a tool for self-reflection. It does not diagnose or treat any condition. If you are struggling, please reach out to a qualified professional or a local support line.',
} as const;

const HEADLINE = 'Discover Your Unique Path to Flourish';

/**
 * The benchmarking claim, kept true whichever norm group is in use (docs/instrument.md §3): no
 * headcount here, because the comparison may still be the provisional, simulated baseline; the
 * results name the group actually used, its size and whether it is provisional.
 */
const BENCHMARK_CARD = {
  title: 'Compared, and honest about it',
  body: 'See how your well-being compares with others. Your results say exactly who you were compared with: how many, and whether the comparison is still provisional.',
};

const JOURNEY_STEPS_SECTION = {
  title: 'How it works',
  items: [
    { title: 'Positive Experiences', body: 'How often you have rested, created, connected and given to others over the past two weeks.' },
    { title: 'Positive Feelings', body: 'How often you have felt vital, at peace, loved and capable, and how your energy flows.' },
    { title: 'Life Situations', body: 'A few optional questions about your circumstances, so comparisons are fair to you.' },
    { title: 'Your Life Lotus', body: 'Your results bloom into a lotus, with the areas where small changes could help most.' },
  ],
} as const;

export const RAPID_WELCOME: WelcomeContent = {
  eyebrow: 'Free well-being self-assessment',
  headline: HEADLINE,
  lead: 'Bloom maps the positive experiences and feelings in your life as a personal Life Lotus, then shows where small, practical changes can help you flourish.',
  facts: ['Under 5 minutes', 'No account needed to start'],
  action: 'startRapid',
  actionLabel: 'Start Now',
  offerMemberLogIn: true,
  heroImageAlt: 'A blooming lotus in soft coral and rose.',
  reasons: {
    title: 'Why people choose Bloom',
    intro: 'A short, hopeful look at your well-being: what is already going well, and what could grow.',
    cards: [
      { icon: 'chart', title: BENCHMARK_CARD.title, body: BENCHMARK_CARD.body },
      { icon: 'sprout', title: 'Meaningful change in 8 to 12 weeks', body: 'Your personalized plan suggests small daily practices designed to bring meaningful change within 8 to 12 weeks.' },
      { icon: 'clock', title: 'Under 5 minutes', body: 'Thirty quick questions about the past two weeks. There are no right or wrong answers.' },
      { icon: 'lotus', title: 'Strengths first', body: 'Rather than listing problems, Bloom shows the twelve wellsprings of positive experience and twelve blossoms of positive feeling that sustain you.' },
    ],
  },
  steps: JOURNEY_STEPS_SECTION,
  testimonials: { title: 'Stories of growth', intro: 'What a clearer picture of your well-being can lead to.' },
  closing: { title: 'Ready to see your Life Lotus?', body: 'Set aside five quiet minutes and answer honestly about the past two weeks.' },
};

export const PRO_WELCOME: WelcomeContent = {
  eyebrow: 'Professional well-being assessment',
  headline: HEADLINE,
  lead: 'The Professional assessment looks closer: three questions for every wellspring and blossom, your energy patterns, and how you compare with others.',
  facts: ['Under 15 minutes', '90 questions'],
  action: 'startProfessional',
  actionLabel: 'Start Professional Assessment',
  offerMemberLogIn: true,
  heroImageAlt: 'A blooming lotus in soft coral and rose.',
  reasons: {
    title: 'Why people choose the Professional assessment',
    intro: 'The depth a coach or a curious mind needs, in under fifteen minutes.',
    cards: [
      { icon: 'chart', title: BENCHMARK_CARD.title, body: BENCHMARK_CARD.body },
      { icon: 'sprout', title: 'Meaningful change in 8 to 12 weeks', body: 'Your personalized plan suggests small daily practices designed to bring meaningful change within 8 to 12 weeks.' },
      { icon: 'clock', title: 'Under 15 minutes', body: 'Ninety questions about the past two weeks, one petal at a time, with results along the way.' },
      { icon: 'compass', title: 'Petal-by-petal insight', body: 'See each of the eight petals and their wellsprings in detail, plus your mindset, resilience and energy balance.' },
    ],
  },
  steps: JOURNEY_STEPS_SECTION,
  testimonials: { title: 'Stories of growth', intro: 'What a clearer picture of your well-being can lead to.' },
  closing: { title: 'Ready to look closer?', body: 'Set aside fifteen quiet minutes and answer honestly about the past two weeks.' },
};

export const CLIENT_WELCOME: WelcomeContent = {
  eyebrow: 'For clients of Bloom coaches and partner organizations',
  headline: HEADLINE,
  lead: 'Your coach or organization has invited you to Bloom. Take a science-based well-being assessment, explore your results, and share them with your coach when you are ready.',
  facts: ['5-15 minutes', 'Sign up or log in to begin'],
  action: 'clientLogin',
  actionLabel: 'Client Signup / Login',
  offerMemberLogIn: false,
  heroImageAlt: 'A blooming lotus in soft coral and rose.',
  reasons: {
    title: 'What you will get',
    intro: 'A clear, kind picture of your well-being, and a shared starting point for your coaching.',
    cards: [
      { icon: 'lotus', title: 'Your Life Lotus', body: 'Your positive experiences and feelings, shown petal by petal.' },
      { icon: 'chart', title: 'Fair comparisons', body: BENCHMARK_CARD.body },
      { icon: 'sprout', title: 'A path forward', body: 'Practices designed to bring meaningful change within 8 to 12 weeks.' },
    ],
  },
  whyChoose: {
    title: 'Why Choose Bloom',
    intro: 'Built on research, made for real lives.',
    claims: [
      { icon: 'award', title: 'Meets APA guidelines', body: 'Developed in line with the American Psychological Association’s guidelines for psychological assessment.' },
      { icon: 'flask', title: 'Peer-reviewed', body: 'Built on peer-reviewed research into positive experiences, positive feelings and flourishing.' },
      { icon: 'compass', title: 'Created by a Harvard-trained scientist', body: 'Designed by a Harvard-trained scientist specializing in well-being.' },
    ],
  },
  benefits: {
    title: 'Made for you',
    cards: [
      { icon: 'flask', title: 'Scientifically validated', body: 'Questions and scoring grounded in well-being research, not guesswork.' },
      { icon: 'heart', title: 'Highly personalized', body: 'Results and suggestions that reflect your answers and your life situation.' },
      { icon: 'list', title: 'Actionable steps', body: 'Clear, small practices you can start this week, with your coach alongside you.' },
      { icon: 'lock', title: 'Safe and private', body: 'Your results stay between you and the coach you work with.' },
    ],
  },
  testimonials: { title: 'Member testimonials', intro: 'What a clearer picture of your well-being can lead to.' },
  closing: { title: 'Ready to begin?', body: 'Sign up or log in, then take the assessment in 5-15 minutes.' },
};
