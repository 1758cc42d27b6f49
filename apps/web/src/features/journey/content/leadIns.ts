/**
 * Lead-ins above the questions (spec 01 §2): the spec's wordings, used when the server does not
 * send the module's own.
 */
export const LEAD_IN_TEXT = {
  /** Petal question pages (spec 01 §2 "Petal question page"). */
  petal: 'Over the past 2 weeks',
  /** Rapid pages: about experiences, or about feelings. */
  rapid: (kind: 'feelings' | 'experiences') => `Over the past two weeks, how often have you had the following ${kind}?`,
} as const;
