/**
 * Texts of the results summary's call to action (spec 01 §2 "Results summary"). They promise only
 * what happens: signing up shows the free Profile Report; the Positivity Plan is paid unless it
 * is unlocked (a purchase, a price of 0, or a vetted coach), so it is never called free.
 */
export const CALL_TO_ACTION_TEXT = {
  signIn: {
    title: 'Unlock Personalized Insights and Recommendations',
    body: 'Sign up or log in to see your free Profile Report, built from your answers. You can then add a Positivity Plan with personal next steps.',
    button: 'View Plan',
  },
  sendToCoach: {
    title: 'Share your results with your coach',
    body: 'Your coach will be able to see this assessment and help you plan your next steps.',
    button: 'Send results to my coach',
  },
  viewPlan: {
    title: 'Your personalized positivity plan',
    body: 'Turn your results into practical next steps for the weeks ahead.',
    button: 'View Plan',
  },
} as const;
