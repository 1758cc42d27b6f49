/**
 * Texts of the "Grant client access" confirmation (GrantClientAccessDialog), loaded with it on the
 * first click, not with the dashboard's first paint. What the client gets follows whether this
 * coach's release includes the Positivity Plan (`coachIncludesPlans` of the current user): only
 * a coach an administrator has approved includes it (decisions 0019, 0056); under open sign-up a
 * coach is not approved until an administrator says so, and their client is offered the plan to buy.
 */

/** Said to a coach whose release does not include the plan. */
const PLAN_NOT_INCLUDED =
  'Their Positivity Plan is not included: it comes with your coaching once an administrator approves your coach account, and until then it stays for sale to them.';

export const GRANT_ACCESS_TEXT = {
  first: {
    title: 'Release these results to your client?',
    body: (client: string, date: string, includesPlan: boolean) =>
      includesPlan
        ? `${client} will be able to see the results of their Professional assessment of ${date}: profile, Positivity Plan and charts. This cannot be undone: once released, the results stay open to them.`
        : `${client} will be able to see the results of their Professional assessment of ${date}: profile and charts. ${PLAN_NOT_INCLUDED} This cannot be undone: once released, the results stay open to them.`,
  },
  /**
   * The same button over results the client already sees: a former coach released them (decision 0056), or the
   * client took the assessment before they had a coach, so the results were theirs from the start (decision 0086).
   */
  again: {
    title: 'Release these results yourself?',
    body: (client: string, date: string, includesPlan: boolean) =>
      includesPlan
        ? `${client} can already see the results of their Professional assessment of ${date}: a former coach released them, or they took it before they had a coach. Releasing them yourself puts the release in your name, so that their Positivity Plan comes with your coaching. This cannot be undone.`
        : `${client} can already see the results of their Professional assessment of ${date}: a former coach released them, or they took it before they had a coach. Releasing them yourself puts the release in your name. ${PLAN_NOT_INCLUDED} This cannot be undone.`,
  },
} as const;
