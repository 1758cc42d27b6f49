/**
 * Texts of the Individual Differences screen. The intro stays true whoever is compared with:
 * a similar-life-situations group is only named, in the sentences below it, when one was used.
 */
export const DIFFERENCES_PAGE_TEXT = {
  title: 'How You Compare',
  intro: 'See how your well-being compares with others. The note below your results says exactly which group you were compared with.',
  loading: 'Benchmarking...',
  overallTitle: 'Your overall well-being',
  provisionalLead: 'Provisional comparison.',
  provisional: 'These comparisons use a starting reference group until enough people have taken part to compare you with live results.',
} as const;
