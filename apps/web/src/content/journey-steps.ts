/**
 * The five steps of the progress bar (spec 01 §2 "Progress bar") and the routes
 * each one covers. Energy pages count as "Positive Feelings" (DESIGN §2).
 * Welcome urls match exactly; the others also cover the pages below them
 * (for example /Pro/Experiences/Body/Questions).
 */
export interface JourneyStep {
  id: 'welcome' | 'experiences' | 'feelings' | 'life-situations' | 'life-lotus';
  label: string;
  urls: readonly string[];
  /** True when only the url itself matches, not the pages below it. */
  exact?: boolean;
}

export const JOURNEY_STEPS: readonly JourneyStep[] = [
  { id: 'welcome', label: 'Welcome', urls: ['/', '/Pro', '/Client'], exact: true },
  { id: 'experiences', label: 'Positive Experiences', urls: ['/Rapid/Experiences', '/Pro/Experiences'] },
  { id: 'feelings', label: 'Positive Feelings', urls: ['/Rapid/Feelings', '/Pro/Feelings', '/Rapid/Energy', '/Pro/Energy', '/Research'] },
  { id: 'life-situations', label: 'Life Situations', urls: ['/LifeSituations'] },
  { id: 'life-lotus', label: 'Your Life Lotus', urls: ['/YourLifeLotus'] },
];
