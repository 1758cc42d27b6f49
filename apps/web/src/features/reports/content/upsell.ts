/** The upsell page's words (spec 02 §2 "Upsell", §9). */
import { ACCESS_TEXT } from './report';

/** Spec 02 §2 "Upsell"; §9: $9.99 plan, free profile shown as a $10 value. */
export const UPSELL_TEXT = {
  pageTitle: 'Your Personal Profile is Ready',
  title: 'Your Personal Profile is Ready!',
  intro: 'Your answers are in and your results are waiting. Start with your free Profile Report, or unlock your Positivity Plan for personal next steps.',
  profileName: 'Profile Report',
  profileTag: 'Included',
  profilePrice: 'Free',
  profileValue: '$10 value',
  profileFeatures: ['Your Life Lotus', 'Summary of your experiences and feelings', 'Energy, mindset and resilience charts', 'How you compare with others'],
  viewProfile: 'View My Profile',
  planName: 'Positivity Plan',
  planTag: 'Best next step',
  planFeatures: [
    'Everything in the Profile Report',
    'Your plan in simple words',
    'Activities, intentions and affirmations chosen for you',
    'Mindful practices and a step-by-step action plan',
  ],
  purchase: 'Purchase My Plan',
  limitedTime: 'for a limited time only!',
  /** Read before the struck-through and the sale price, so screen readers hear which is which. */
  regularPriceLabel: 'Regular price ',
  salePriceLabel: 'Now ',
  oneTime: 'One-time payment',
  tableTitle: 'What each one includes',
  tableAlt:
    'Comparison table. Profile Report, free: Life Lotus, summary, energy, mindset and resilience charts, comparison with others. Positivity Plan: all of those, plus the plan in simple words, activities, intentions, affirmations, mindful practices and an action plan.',
  tableDesktopSrc: '/images/reports/upsell-table-desktop.svg',
  tableMobileSrc: '/images/reports/upsell-table-mobile.svg',
  purchaseFailed: 'We could not start the checkout. Please try again.',
  signInFailed: ACCESS_TEXT.signInFailed,
} as const;

/** Spec 02 §9: the plan price when the pricing call fails. */
export const DEFAULT_PLAN_PRICE_CENTS = 999;
