import { buildUrl, endpoints, toFastifyPath, type EndpointName, type EndpointParams, type EndpointQuery, type Endpoints, type EndpointSpec, type OwnershipScope } from '@bloom/contracts';
import { questionsForTrack } from '@bloom/domain';
import { CALLER_KINDS, LIFE_DATA, type CallerKind, type World } from './world';

/**
 * The authorization matrix (OWASP ASVS 5.0 V8, API Security Top 10 2023 API1/API5), read
 * from the endpoint table in @bloom/contracts (decision 0024). For every entry, the statuses
 * each kind of caller must get follow from the entry's `caller` and `owns` / `actsOn` rules
 * (`expectedStatuses` below); this file only says which of the world's records each request
 * names, and, where a route's rule is genuinely special, an override that says why.
 * Requests always aim at the owner's records (their assessment, their user id, their coach's
 * organization…), so anything but the expected status is a hole or a regression.
 *
 * `MATRIX` is typed by the table: declaring an endpoint without a case here fails the type
 * check, and security-authorization.test.ts fails too (as it does for a live route without an
 * entry, or an entry without a live route).
 */
export interface MatrixCase<N extends EndpointName = EndpointName> {
  /** Tells two cases of one entry apart (an optional segment given or left out). */
  variant?: string;
  /** The path parameters, from the world's ids. */
  params?: (world: World) => EndpointParams<Endpoints[N]>;
  query?: (world: World) => NonNullable<EndpointQuery<Endpoints[N]>>;
  body?: (world: World) => unknown;
  /** Statuses the entry's rules do not give, and the reason. Keep these rare. */
  override?: { expect: Partial<Record<CallerKind, number>>; why: string };
  /** Callers besides the owner who may legitimately see the owner's ids, e-mail or name in a 2xx (default: the owner's coach). */
  ownerVisibleTo?: CallerKind[];
  /** Markers of the world's coach's own records (the invitation they sent) that the coach's 2xx may hold where the owner's may not. */
  coachOwnMarkers?: (world: World) => string[];
}

/** One request of the matrix, as the security tests run it. */
export interface RouteCase {
  name: EndpointName;
  entry: EndpointSpec;
  /** A readable label: `name (METHOD /spec/path)`, with the variant when there is one. */
  label: string;
  method: 'GET' | 'POST';
  /** The route exactly as registered (`app.registeredRoutes`). */
  route: string;
  /** The request path, query string included, with every value from `world`. */
  path: (world: World) => string;
  body?: (world: World) => unknown;
  expect: Record<CallerKind, number>;
  ownerVisibleTo?: CallerKind[];
  coachOwnMarkers?: (world: World) => string[];
  /** POSTs, and GETs that write, get a fresh world per caller. */
  freshWorld: boolean;
}

const RAPID_PAGE = questionsForTrack('Rapid')
  .slice(0, 3)
  .map((q) => ({ questionGuid: q.questionGuid, response: 1, order: q.order }));

/** A made-up code and state name no login transaction: refused the same way for everyone. */
const junkCallback: MatrixCase = {
  params: () => ({ code: 'not-a-real-code', state: 'not-a-real-state' }),
  override: { expect: everyone(400), why: 'a made-up code and state name no login transaction (login_unknown_state), for any caller' },
};

/** Members of the world reach the account calls, which refuse people of another provider (guests and nobody never get that far). */
const MANAGED_ELSEWHERE = { owner: 409, otherMember: 409, coachNoGrant: 409, coachWithGrant: 409, otherCoach: 409, admin: 409 };

/** Choosing the owner's coach, or joining the coach's group: the coach cannot be their own coach. */
const NOT_YOUR_OWN_COACH = { coachNoGrant: 400, coachWithGrant: 400 };

export const MATRIX: { [N in EndpointName]: MatrixCase<N> | MatrixCase<N>[] } = {
  health: {},

  // ── Sign-in hand-offs ──
  getLoginUrlBeginning: {},
  getWixLoginUrlBeginning: {},
  loginCallbackBeginning: junkCallback,
  getLoginUrlProfessional: {},
  getWixLoginUrlProfessional: {},
  loginCallbackProfessional: junkCallback,
  getLoginUrlEnd: {},
  getWixLoginUrlEnd: {},
  loginCallbackEnd: junkCallback,
  getLoginUrlCoach: {},
  getWixLoginUrlCoach: {},
  loginCallbackCoach: junkCallback,
  getLoginUrlClient: {},
  getWixLoginUrlClient: {},
  loginCallbackClient: junkCallback,
  getLoginUrlPurchase: {},
  getWixLoginUrlPurchase: {},
  loginCallbackPurchase: junkCallback,
  logOut: {},

  // ── Who is calling ──
  getCurrentUser: { override: { expect: { anonymous: 204 }, why: 'nobody signed in is an answer (204, no body), not a refusal' } },
  continueAsGuest: { body: () => ({}) },
  saveReferrer: { query: () => ({ referrer: 'newsletter' }) },

  // ── The journey ──
  getLatestAssessment: {},
  userHasAssessment: {},
  createNewAssessment: { params: () => ({ type: 'Rapid' }) },
  saveQuestionResponse: { body: () => RAPID_PAGE },
  saveResearchOptIn: { params: () => ({ value: 'true' }) },
  saveLifeData: { body: () => LIFE_DATA },
  getPreviousLifeData: {},
  saveUserProgress: { body: () => ({ route: '/Rapid/Feelings' }) },
  setCoachAccessGranted: { params: (w) => ({ assessmentId: w.assessmentId }) },
  getModulesAndPetals: {},
  getModuleByName: { params: () => ({ name: 'Experiences' }) },
  getModuleQuestions: { params: () => ({ module: 'Feelings' }) },
  getPetalQuestions: { params: () => ({ petal: 'Body' }) },
  getPetalResults: { params: () => ({ petal: 'Body' }) },
  getModuleResults: { params: () => ({ module: 'Experiences' }) },
  getEightPetalData: [
    { variant: 'latest', params: () => ({}) },
    { variant: 'by id', params: (w) => ({ assessmentId: w.assessmentId }) },
  ],
  getFourPetalData: [
    { variant: 'latest', params: () => ({ isExperience: 'true' }) },
    { variant: 'by id', params: (w) => ({ isExperience: 'false', assessmentId: w.assessmentId }) },
  ],
  getPositivityPotential: {},
  getSummaryText: {},
  getResultsCoverage: {},
  getIndividualDifferences: { params: (w) => ({ assessmentId: w.assessmentId }) },
  getLifeSituationsForm: {},
  getTestimonials: {},
  getSiteContent: {},

  // ── Reports ──
  getBloomProfileReport: { params: (w) => ({ assessmentId: w.assessmentId }) },
  getPositivityPlan: {
    params: (w) => ({ assessmentId: w.assessmentId }),
    // The plan rule comes after the ownership rule: the owner's Rapid plan is not bought, so it is
    // locked for the owner and for their coach alike (issue 23 §3).
    override: { expect: { owner: 403, coachWithGrant: 403 }, why: 'the plan is not bought: 403 plan_locked for whoever may read the assessment' },
  },
  getEnergyChartData: { params: (w) => ({ assessmentId: w.assessmentId }) },
  getSinglePetalData: { params: (w) => ({ assessmentId: w.assessmentId }) },
  getAssessmentScores: { params: (w) => ({ assessmentId: w.assessmentId }) },
  lifeDataByAssessment: { params: (w) => ({ assessmentId: w.assessmentId }) },
  getAssessmentById: { params: (w) => ({ assessmentId: w.assessmentId }) },
  getCoachAssessmentOverview: { params: (w) => ({ assessmentId: w.assessmentId }) },
  getCoachComprehensive: { params: (w) => ({ assessmentId: w.assessmentId }) },
  getAllAssessments: {},

  // ── Coaches, clients, organizations, admins ──
  saveClientName: { body: () => ({ firstName: 'New', lastName: 'Name' }) },
  // Releasing Professional results to the client (a release exposes nothing to the coach).
  setClientAccessGranted: { params: (w) => ({ assessmentId: w.proAssessmentId }) },
  exportCsv: { ownerVisibleTo: ['admin'] },
  getSiteLinks: {},
  getCoachList: {},
  getAssessmentsByCoach: {},
  getOrganizationsByCoach: {},
  getClientsWithNoOrg: {},
  // ── The coach dashboard by pages (issue 27 part 3, decision 0032) ──
  getDashboardOutline: {},
  getClientsPage: [
    { variant: 'one group', query: (w) => ({ groupId: w.groupId }) },
    // No id named: another coach gets 200 with their own clients, never the owner.
    { variant: 'all clients, searched', query: () => ({ search: 'a', limit: '100' }) },
    { variant: 'independent clients', query: () => ({ independent: 'true' }) },
  ],
  setCoachName: { body: () => ({ firstName: 'Casey', lastName: 'Renamed' }) },
  assignCoachToUser: {
    params: (w) => ({ coachId: w.coachId }),
    override: { expect: NOT_YOUR_OWN_COACH, why: 'the coach named is the caller: 400, you cannot be your own coach' },
  },
  unassignCoachFromUser: { params: (w) => ({ userId: w.ownerId }) },
  makeClientIndependent: { params: (w) => ({ userId: w.ownerId }) },
  assignUserToNewGroup: { params: (w) => ({ userId: w.ownerId, groupGuid: w.defaultGroupId }) },
  setUserAccessPreGranted: { params: (w) => ({ userId: w.ownerId, value: 'false' }) },
  pendingCoaches: {},
  approveCoach: { params: (w) => ({ userId: w.pendingCoachId }) },
  coaches: {},
  revokeCoachApproval: { params: (w) => ({ userId: w.coachId }) },
  getNoCoachOrganizations: {},
  getGroupsByOrganization: {},
  assignGroupToUser: {
    params: (w) => ({ groupId: w.groupId }),
    override: { expect: NOT_YOUR_OWN_COACH, why: "the group is the caller's own organization's: 400, not as a client of yourself" },
  },
  addNewOrganization: { params: () => ({ name: 'Fresh Org' }) },
  addNewGroup: { params: (w) => ({ organizationGuid: w.organizationId, groupName: 'Fresh Group' }) },
  deleteOrganization: { params: (w) => ({ organizationGuid: w.organizationId }) },
  deleteGroup: { params: (w) => ({ groupGuid: w.groupId }) },

  // ── Purchase ──
  getPositivityPlanPrice: {},
  getPlanPricing: {},
  getPurchaseUrl: { params: (w) => ({ assessmentId: w.assessmentId }) },
  purchaseSuccessCallback: { query: (w) => ({ session: w.purchaseRef }) },
  purchaseFailureCallback: { query: (w) => ({ session: w.purchaseRef }) },
  sandboxCheckout: { params: (w) => ({ ref: w.purchaseRef }) },
  sandboxPay: { params: (w) => ({ ref: w.purchaseRef }) },
  stripeWebhook: { body: () => ({}), override: { expect: everyone(404), why: 'the test server has no Stripe configured, so the webhook exists for nobody' } },

  // ── Privacy ──
  // A caller's export holds only their own data: not even the owner's coach finds the owner in theirs;
  // the coach's lists the invitation they sent, address included (never its token's hash).
  exportMyData: { ownerVisibleTo: [], coachOwnMarkers: (w) => [w.inviteeEmail] },
  deleteAccount: { body: () => ({ confirm: 'DELETE' }), ownerVisibleTo: [] },
  getMyConsents: { ownerVisibleTo: [] },
  revokeConsent: { params: (w) => ({ consentId: w.researchConsentId }) },
  revokeCoachAccess: { params: (w) => ({ assessmentId: w.assessmentId }) },
  // The coach's "Grant all?" request: only the client answers it (decision 0020); the coach asking is not the coach confirming.
  getPreGrantRequest: {},
  confirmPreGrantRequest: { params: (w) => ({ requestId: w.preGrantRequestId }) },
  declinePreGrantRequest: { params: (w) => ({ requestId: w.preGrantRequestId }) },

  // ── Progress over time, instrument statistics, research export (issue 26) ──
  getProgress: {},
  // The owner's coach sees only what the owner shared: with the grant the Rapid assessment, without it nothing (an empty list).
  getClientProgress: { params: (w) => ({ clientId: w.ownerId }) },
  // Figures only, from every research-consenting person: nothing of the owner's may appear, not even to the admin.
  getInstrumentStatistics: { ownerVisibleTo: [] },
  // De-identified: the owner opted into research, so their answers are in it, but no id, e-mail or name of theirs.
  exportResearchData: { ownerVisibleTo: [] },

  // ── Organization insight (issue 27, decision 0029) ──
  // Group figures only: nothing of the owner's may appear, not even to their coach (the owner is
  // one of fewer than five in the group, so the figures are hidden as well).
  getOrganizationInsight: { params: (w) => ({ organizationId: w.organizationId }), ownerVisibleTo: [] },
  getGroupInsight: { params: (w) => ({ groupId: w.groupId }), ownerVisibleTo: [] },
  exportInsightCsv: { ownerVisibleTo: [] },

  // ── Coach invitations (issue 25 §4, decision 0030) ──
  inviteClient: [
    { variant: 'independent', body: () => ({ email: 'new.client@bloom.test', firstName: 'Nia' }) },
    {
      variant: 'into a group',
      body: (w) => ({ email: 'new.client@bloom.test', organizationId: w.organizationId, groupId: w.groupId }),
      override: { expect: { otherCoach: 404 }, why: "the organization and group named in the body are the owner's coach's: another coach gets 404" },
    },
  ],
  // The owner's coach lists the world's pending invitation (the invited address); any other coach an empty list.
  getInvitations: {},
  resendInvitation: { params: (w) => ({ invitationId: w.invitationId }) },
  withdrawInvitation: { params: (w) => ({ invitationId: w.invitationId }) },
  // Whoever holds the link sees the coach's name and the organization and group names, nothing of the invited person.
  getInvitation: { query: (w) => ({ invite: w.inviteToken }), ownerVisibleTo: [] },
  acceptInvitation: {
    body: (w) => ({ invite: w.inviteToken }),
    override: { expect: NOT_YOUR_OWN_COACH, why: "the invitation is the coach's own: 400 own_invitation, a coach cannot become their own client" },
    ownerVisibleTo: [],
  },

  // ── The member's own sign-in account (issue 25, decision 0028) ──
  // The world's people sign in through a test issuer, not Bloom's own provider: they see their
  // account as managed elsewhere, and nothing of it can be changed here (409 managed_by_provider).
  getAccount: { ownerVisibleTo: [] },
  changePassword: { body: () => ({ currentPassword: 'a fine long password', newPassword: 'another fine long password' }), override: { expect: MANAGED_ELSEWHERE, why: 'the world signs in through a test issuer; only Bloom’s own accounts change their password here' } },
  changeEmail: { body: () => ({ currentPassword: 'a fine long password', newEmail: 'someone.new@bloom.test' }), override: { expect: MANAGED_ELSEWHERE, why: 'the world signs in through a test issuer; only Bloom’s own accounts change their address here' } },
  resendVerificationEmail: { override: { expect: MANAGED_ELSEWHERE, why: 'the world signs in through a test issuer, whose addresses Bloom does not confirm' } },
  // Signing out one's other browsers needs the password only when Bloom's own provider keeps it: the session is enough here.
  endOtherSessions: { body: () => ({}) },
};

// ── Who gets what, from an entry's rules ────────────────────────────────────

function everyone(status: number): Record<CallerKind, number> {
  return Object.fromEntries(CALLER_KINDS.map((caller) => [caller, status])) as Record<CallerKind, number>;
}

/** The world's callers, as the rules see them. */
const SESSION: ReadonlySet<CallerKind> = new Set(CALLER_KINDS.filter((caller) => caller !== 'anonymous'));
const MEMBERS: ReadonlySet<CallerKind> = new Set([...SESSION].filter((caller) => caller !== 'guest'));
const APPROVED_COACHES: ReadonlySet<CallerKind> = new Set(['coachNoGrant', 'coachWithGrant', 'otherCoach']);
const ADMINS: ReadonlySet<CallerKind> = new Set(['admin']);
/** Callers with an assessment of their own (coaches and the admin have none). */
const WITH_ASSESSMENT: ReadonlySet<CallerKind> = new Set(['guest', 'owner', 'otherMember']);
/** The owner's coach, in both worlds. */
const OWNERS_COACH: ReadonlySet<CallerKind> = new Set(['coachNoGrant', 'coachWithGrant']);

/**
 * 401 or 403 when the caller rule turns the caller away; null when it lets them in. Nobody is 401
 * everywhere; a guest is 401 where a member would do (signing up helps), but 403 at an admin's
 * call, as a member is (DESIGN §15 "admins only; else 403").
 */
function callerRefusal(rule: EndpointSpec['caller'], caller: CallerKind): number | null {
  if (rule === 'anyone') return null;
  if (!SESSION.has(caller)) return 401;
  if (rule === 'session') return null;
  if (rule === 'admin') return ADMINS.has(caller) ? null : 403;
  if (!MEMBERS.has(caller)) return 401;
  if (rule === 'member') return null;
  return APPROVED_COACHES.has(caller) ? null : 403;
}

/** The status an ownership check gives when a request names the owner's record; null when it passes. */
function ownershipRefusal(scope: OwnershipScope, caller: CallerKind): number | null {
  switch (scope) {
    case 'own':
      return caller === 'owner' ? null : 404;
    case 'readable':
      return caller === 'owner' || caller === 'coachWithGrant' ? null : 404;
    case 'client':
    case 'clientAssessment':
    case 'coachOwn':
      return OWNERS_COACH.has(caller) ? null : 404;
    case 'selfOrClient':
      // Someone else's id asks for a coach (403 otherwise), then for that coach's client (404 otherwise).
      if (caller === 'owner' || OWNERS_COACH.has(caller)) return null;
      return APPROVED_COACHES.has(caller) ? 404 : 403;
  }
}

/**
 * The statuses an entry's rules give each caller, in the chain's order: the caller rule
 * (401/403), then every id the request names checked against the caller (404), or, when it
 * names none, the caller's latest assessment (404 without one); else the success status.
 */
export function expectedStatuses(entry: EndpointSpec, named: ReadonlySet<string>): Record<CallerKind, number> {
  const success = entry.response.kind === 'json' ? entry.response.status : 200;
  const owned = Object.entries(entry.owns).filter(([param]) => named.has(param));
  const statuses = {} as Record<CallerKind, number>;
  for (const caller of CALLER_KINDS) {
    const refusal =
      callerRefusal(entry.caller, caller) ??
      (owned.length > 0
        ? owned.map(([, scope]) => ownershipRefusal(scope, caller)).find((status) => status !== null) ?? null
        : entry.actsOn === 'latestAssessment' && !WITH_ASSESSMENT.has(caller)
          ? 404
          : null);
    statuses[caller] = refusal ?? success;
  }
  return statuses;
}

/** Which parameters (path and query) a case names, read from its functions with a stand-in world. */
function namedParams(testCase: MatrixCase, world: World): Set<string> {
  const values = { ...(testCase.params?.(world) as Record<string, unknown> | undefined), ...(testCase.query?.(world) as Record<string, unknown> | undefined) };
  return new Set(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== '').map(([key]) => key));
}

/** A world whose every id is `{field}`: enough to see which parameters a case fills. */
const PLACEHOLDER_WORLD = new Proxy({}, { get: (_target, field) => `{${String(field)}}` }) as World;

export const ROUTE_TABLE: RouteCase[] = (Object.keys(MATRIX) as EndpointName[]).flatMap((name) => {
  const entry = endpoints[name] as EndpointSpec;
  return ([MATRIX[name]].flat() as MatrixCase[]).map((testCase): RouteCase => {
    const derived = expectedStatuses(entry, namedParams(testCase, PLACEHOLDER_WORLD));
    return {
      name,
      entry,
      label: `${name}${testCase.variant ? ` [${testCase.variant}]` : ''} (${entry.method} ${entry.path})`,
      method: entry.method,
      route: toFastifyPath(entry),
      path: (world) => buildUrl(entry, testCase.params?.(world) as Record<string, string> | undefined, testCase.query?.(world) as Record<string, string> | undefined),
      body: testCase.body,
      expect: { ...derived, ...testCase.override?.expect },
      ownerVisibleTo: testCase.ownerVisibleTo,
      coachOwnMarkers: testCase.coachOwnMarkers,
      freshWorld: entry.method !== 'GET' || entry.writes,
    };
  });
});

export const routeKey = (method: string, route: string) => `${method.toUpperCase()} ${route}`;
