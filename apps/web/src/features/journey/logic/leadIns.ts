/**
 * Lead-ins above the questions (spec 01 §2). The server sends the module's own lead-in;
 * these are the spec's wordings used when it does not.
 */

/** Petal question pages (spec 01 §2 "Petal question page"). */
export const PETAL_LEAD_IN = 'Over the past 2 weeks';

const leadIn = (kind: 'feelings' | 'experiences') => `Over the past two weeks, how often have you had the following ${kind}?`;

/** Rapid pages: Feelings asks about feelings; Experiences and Energy start with experiences. */
export function rapidLeadIn(moduleName: string, fromServer?: string): string {
  if (fromServer?.trim()) return fromServer;
  return leadIn(moduleName.toLowerCase() === 'feelings' ? 'feelings' : 'experiences');
}

/** Rapid Energy: the feelings lead-in before its fourth question (the first Excitement item). */
export function rapidSecondLeadIn(moduleName: string, fromServer?: string): string | undefined {
  if (moduleName.toLowerCase() !== 'energy') return undefined;
  return fromServer?.trim() ? fromServer : leadIn('feelings');
}

/** The Energy page's second lead-in comes before this (1-based) question. */
export const SECOND_LEAD_IN_AT = 4;
