import { LEAD_IN_TEXT } from '../content/leadIns';

/** Which lead-in a Rapid page shows above its questions (spec 01 §2); the server's own wording wins. */

/** Rapid pages: Feelings asks about feelings; Experiences and Energy start with experiences. */
export function rapidLeadIn(moduleName: string, fromServer?: string): string {
  if (fromServer?.trim()) return fromServer;
  return LEAD_IN_TEXT.rapid(moduleName.toLowerCase() === 'feelings' ? 'feelings' : 'experiences');
}

/** Rapid Energy: the feelings lead-in before its fourth question (the first Excitement item). */
export function rapidSecondLeadIn(moduleName: string, fromServer?: string): string | undefined {
  if (moduleName.toLowerCase() !== 'energy') return undefined;
  return fromServer?.trim() ? fromServer : LEAD_IN_TEXT.rapid('feelings');
}

/** The Energy page's second lead-in comes before this (1-based) question. */
export const SECOND_LEAD_IN_AT = 4;
