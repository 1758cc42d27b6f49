/**
 * Texts of the admins' "Coach approvals" panel on the member dashboard (DESIGN.md §5, decisions
 * 0007 and 0019): apart from the page's own texts (content.ts) because only the panel's lazily
 * loaded code uses them, so they stay out of the dashboard's first paint (as progress-content.ts).
 * What approving and revoking do depends on COACH_SIGNUP, which the panel is not told, so the
 * intro says both, and each row says the coach's real state as the server reports it.
 */
export const COACH_APPROVALS_TEXT = {
  title: 'Coach approvals',
  intro:
    'Anyone can sign up as a coach. Approving a coach here includes their clients’ Professional plans without a purchase. Under approval sign-up it is also what lets them coach: revoking it sends them back to waiting, and they stop coaching until you approve them again. Under open sign-up they coach without it, and revoking only stops including plans.',
  empty: 'No one has signed up as a coach yet.',
  failed: 'We could not load the coaches.',
  changeFailed: 'We could not change that coach’s approval. Please try again.',
  approve: 'Approve',
  approveLabel: (name: string) => `Approve ${name} as a coach`,
  revoke: 'Revoke approval',
  revokeLabel: (name: string) => `Revoke the approval of ${name}`,
  /** The coach's real state: waiting (cannot coach), coaching with plans included, or coaching without. */
  coachState: (coachStatus: 'pending' | 'approved', vetted: boolean) =>
    coachStatus === 'pending'
      ? 'Waiting for approval: cannot coach clients until approved'
      : vetted
        ? 'Approved by an administrator: clients’ plans are included'
        : 'Coaching; clients’ plans are not included',
  /**
   * What the panel's status line says once an approval or a revocation is made, with the coach's
   * state as the server reports it after the change (the row's own text says it at length).
   */
  changed: (name: string, change: 'approved' | 'revoked', coachStatus: 'pending' | 'approved', vetted: boolean) =>
    `${change === 'approved' ? `${name} approved` : `Approval of ${name} revoked`}: ${
      coachStatus === 'pending'
        ? 'waiting for approval, cannot coach clients until approved'
        : vetted
          ? 'clients’ plans are included'
          : 'coaching, clients’ plans are not included'
    }`,
} as const;
