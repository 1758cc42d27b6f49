/**
 * The research consent choice (spec 01 §4 "Research consent"): two mutually exclusive
 * checkboxes, the first ticked by default; Continue needs one of them ticked.
 */
export type ResearchChoice = 'yes' | 'no' | null;

export const DEFAULT_RESEARCH_CHOICE: ResearchChoice = 'yes';

/** Ticking one option unticks the other; unticking the ticked one leaves neither. */
export function toggleResearchChoice(current: ResearchChoice, option: 'yes' | 'no', checked: boolean): ResearchChoice {
  if (checked) return option;
  return current === option ? null : current;
}

export const canContinueResearch = (choice: ResearchChoice): choice is 'yes' | 'no' => choice !== null;
