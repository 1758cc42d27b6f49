import type { EndpointName } from '@bloom/contracts';

/**
 * Writing entries the registry runs without a surrounding transaction (decision 0035). On
 * PostgreSQL a transaction costs two round trips of its own (BEGIN and COMMIT), as many as the
 * whole work of these calls; each is all-or-nothing without one, for the reason given.
 * Everything else that writes keeps its transaction (decision 0025).
 */
export const WRITES_WITHOUT_TRANSACTION: Partial<Record<EndpointName, string>> = {
  saveQuestionResponse:
    'on PostgreSQL one call that locks the assessment, stores the page and sets the completion mark (bloom_save_answers, migration 0009); on SQLite a transaction of its own that holds the person (withUserLock)',
  saveUserProgress: 'one UPDATE of the caller’s own row',
  saveResearchOptIn:
    'on PostgreSQL one call that sets the flag and its consent record under the person’s row lock (bloom_set_research_consent, migration 0009); on SQLite recordConsent’s own transaction holding the person',
  createNewAssessment:
    'one INSERT (the rate limit is counted before, outside any transaction, as for every entry); under a standing pre-grant, createAssessmentFor’s own transaction holding the person inserts the assessment and its consent record together',
  saveLifeData: 'one upsert of the life data of the assessment it has just read as the latest; a read cannot be half done',
  continueAsGuest:
    'a guest’s user row, then its session: should the session fail, the guest row is left unreachable (no cookie names it), which is no half-done change anyone can see; with a session already, one conditional UPDATE',
};
