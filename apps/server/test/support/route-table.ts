import { questionsForTrack } from '@bloom/domain';
import { LIFE_DATA, type CallerKind, type World } from './world';

/**
 * The authorization matrix (OWASP ASVS 5.0 V8, API Security Top 10 2023 API1/API5): for
 * every API route, the request to make and the status each kind of caller must get.
 * Requests always aim at the owner's records (their assessment, their user id, their coach's
 * organization…), so anything but the expected status is a hole or a regression.
 *
 * The route list is read from the live app, so a new route without an entry here fails
 * security-authorization.test.ts until someone decides who may call it.
 */
export interface RouteCase {
  method: 'GET' | 'POST';
  /** The route exactly as registered (`app.registeredRoutes`); a route with an optional part has a case for each form. */
  route: string;
  path: (world: World) => string;
  body?: (world: World) => unknown;
  expect: Record<CallerKind, number>;
  /** Callers besides the owner who may legitimately see the owner's ids, e-mail or name in a 2xx (default: the owner's coach). */
  ownerVisibleTo?: CallerKind[];
  /** GETs with side effects (or that must see pristine data) get a fresh world per caller, like every POST. */
  freshWorld?: boolean;
}

type Statuses = [anonymous: number, guest: number, owner: number, otherMember: number, coachNoGrant: number, coachWithGrant: number, otherCoach: number, admin: number];

/** Statuses in CALLER_KINDS order, so each table row reads left to right. */
function by(...statuses: Statuses): Record<CallerKind, number> {
  const [anonymous, guest, owner, otherMember, coachNoGrant, coachWithGrant, otherCoach, admin] = statuses;
  return { anonymous, guest, owner, otherMember, coachNoGrant, coachWithGrant, otherCoach, admin };
}

const all = (status: number) => by(status, status, status, status, status, status, status, status);

/** Anyone with a session, on their own latest assessment; coaches and the admin have none (404). */
const OWN_LATEST = by(401, 200, 200, 200, 404, 404, 404, 404);
/** Any session, on the owner's assessment by id: the owner, and their coach while access is granted. */
const READABLE_BY_ID = by(401, 404, 200, 404, 404, 200, 404, 404);
/** As READABLE_BY_ID for member-only calls (guests are 401 before anything is looked up). */
const READABLE_BY_ID_MEMBERS = by(401, 401, 200, 404, 404, 200, 404, 404);
/** Only the owner, whatever else; everyone else with a session gets 404 (no existence leak). */
const OWNER_ONLY = by(401, 404, 200, 404, 404, 404, 404, 404);
const OWNER_ONLY_MEMBERS = by(401, 401, 200, 404, 404, 404, 404, 404);
/** Coach calls on the owner (the coach's client): members 403, other coaches 404. */
const COACH_OF_OWNER = by(401, 401, 403, 403, 200, 200, 404, 403);
/** Coach calls on the coach's own lists. */
const COACH_LISTS = by(401, 401, 403, 403, 200, 200, 200, 403);
const ANY_SESSION = by(401, 200, 200, 200, 200, 200, 200, 200);
const ANY_MEMBER = by(401, 401, 200, 200, 200, 200, 200, 200);
const ADMIN_ONLY = by(401, 401, 403, 403, 403, 403, 403, 200);

const RAPID_PAGE = questionsForTrack('Rapid')
  .slice(0, 3)
  .map((q) => ({ questionGuid: q.questionGuid, response: 1, order: q.order }));
const JUNK_CALLBACK = '/not-a-real-code/not-a-real-state';

const loginUrlCases = (area: string, name: string): RouteCase[] => [
  { method: 'POST', route: `${area}/GetLoginUrl${name}`, path: () => `${area}/GetLoginUrl${name}`, expect: all(200) },
  { method: 'POST', route: `${area}/GetWixLoginUrl${name}`, path: () => `${area}/GetWixLoginUrl${name}`, expect: all(200) },
  // A made-up code and state name no login transaction: refused the same way for everyone.
  { method: 'GET', route: `${area}/LoginCallback${name}/:code/:state`, path: () => `${area}/LoginCallback${name}${JUNK_CALLBACK}`, expect: all(400) },
];

export const ROUTE_TABLE: RouteCase[] = [
  { method: 'GET', route: '/api/health', path: () => '/api/health', expect: all(200) },

  // ── Sign-in hand-offs (routes/auth.ts) ──
  ...['Beginning', 'Professional', 'End', 'Coach', 'Client'].flatMap((name) => loginUrlCases('/api/auth', name)),
  ...loginUrlCases('/api/user', 'Purchase'),
  { method: 'POST', route: '/api/auth/LogOut', path: () => '/api/auth/LogOut', expect: all(200) },

  // ── Who is calling (routes/identity.ts) ──
  { method: 'GET', route: '/api/user/getCurrentUser', path: () => '/api/user/getCurrentUser', expect: by(204, 200, 200, 200, 200, 200, 200, 200) },
  { method: 'POST', route: '/api/user/ContinueAsGuest', path: () => '/api/user/ContinueAsGuest', body: () => ({}), expect: all(200) },
  { method: 'POST', route: '/api/user/SaveReferrer', path: () => '/api/user/SaveReferrer?referrer=newsletter', expect: ANY_SESSION },

  // ── The journey (routes/journey-user.ts, journey-data.ts) ──
  { method: 'GET', route: '/api/user/GetLatestAssessment', path: () => '/api/user/GetLatestAssessment', expect: OWN_LATEST },
  { method: 'GET', route: '/api/user/UserHasAssessment', path: () => '/api/user/UserHasAssessment', expect: all(200) },
  { method: 'POST', route: '/api/user/CreateNewAssessment/:type', path: () => '/api/user/CreateNewAssessment/Rapid', expect: by(401, 201, 201, 201, 201, 201, 201, 201) },
  { method: 'POST', route: '/api/user/SaveQuestionResponse', path: () => '/api/user/SaveQuestionResponse', body: () => RAPID_PAGE, expect: OWN_LATEST },
  { method: 'POST', route: '/api/user/SaveResearchOptIn/:value', path: () => '/api/user/SaveResearchOptIn/true', expect: ANY_SESSION },
  { method: 'POST', route: '/api/user/SaveLifeData', path: () => '/api/user/SaveLifeData', body: () => LIFE_DATA, expect: OWN_LATEST },
  { method: 'POST', route: '/api/user/SaveUserProgress', path: () => '/api/user/SaveUserProgress', body: () => ({ route: '/Rapid/Feelings' }), expect: ANY_SESSION },
  { method: 'POST', route: '/api/user/SetCoachAccessGranted/:assessmentId', path: (w) => `/api/user/SetCoachAccessGranted/${w.assessmentId}`, expect: OWNER_ONLY },
  { method: 'GET', route: '/api/data/GetModulesAndPetals', path: () => '/api/data/GetModulesAndPetals', expect: all(200) },
  { method: 'GET', route: '/api/data/GetModuleByName/:name', path: () => '/api/data/GetModuleByName/Experiences', expect: all(200) },
  { method: 'GET', route: '/api/data/GetModuleQuestions/:module', path: () => '/api/data/GetModuleQuestions/Feelings', expect: all(200) },
  { method: 'GET', route: '/api/data/GetPetalQuestions/:petal', path: () => '/api/data/GetPetalQuestions/Body', expect: all(200) },
  { method: 'GET', route: '/api/data/GetPetalResults/:petal', path: () => '/api/data/GetPetalResults/Body', expect: all(200) },
  { method: 'GET', route: '/api/data/GetModuleResults/:module', path: () => '/api/data/GetModuleResults/Experiences', expect: all(200) },
  { method: 'GET', route: '/api/data/getEightPetalData/:assessmentId?', path: () => '/api/data/getEightPetalData', expect: OWN_LATEST },
  { method: 'GET', route: '/api/data/getEightPetalData/:assessmentId?', path: (w) => `/api/data/getEightPetalData/${w.assessmentId}`, expect: READABLE_BY_ID },
  { method: 'GET', route: '/api/data/GetFourPetalData/:isExperience/:assessmentId?', path: () => '/api/data/GetFourPetalData/true', expect: OWN_LATEST },
  { method: 'GET', route: '/api/data/GetFourPetalData/:isExperience/:assessmentId?', path: (w) => `/api/data/GetFourPetalData/false/${w.assessmentId}`, expect: READABLE_BY_ID },
  { method: 'GET', route: '/api/data/GetPositivityPotential', path: () => '/api/data/GetPositivityPotential', expect: OWN_LATEST },
  { method: 'GET', route: '/api/data/GetSummaryText', path: () => '/api/data/GetSummaryText', expect: OWN_LATEST },
  { method: 'GET', route: '/api/data/GetResultsCoverage', path: () => '/api/data/GetResultsCoverage', expect: OWN_LATEST },
  { method: 'GET', route: '/api/data/GetIndividualDifferences/:assessmentId', path: (w) => `/api/data/GetIndividualDifferences/${w.assessmentId}`, expect: READABLE_BY_ID },
  { method: 'GET', route: '/api/data/GetLifeSituationsForm', path: () => '/api/data/GetLifeSituationsForm', expect: all(200) },
  { method: 'GET', route: '/api/data/GetTestimonials', path: () => '/api/data/GetTestimonials', expect: all(200) },
  { method: 'GET', route: '/api/data/GetSiteContent', path: () => '/api/data/GetSiteContent', expect: all(200) },

  // ── Reports (routes/reports.ts) ──
  { method: 'GET', route: '/api/data/GetBloomProfileReport/:assessmentId', path: (w) => `/api/data/GetBloomProfileReport/${w.assessmentId}`, expect: READABLE_BY_ID_MEMBERS },
  // The owner's Rapid plan is not bought yet (403 plan_locked); their coach reads it while access is granted.
  // The owner's plan is not bought, so it is locked for the owner and for their coach alike (issue 23 §3).
  { method: 'GET', route: '/api/data/GetPositivityPlan/:assessmentId', path: (w) => `/api/data/GetPositivityPlan/${w.assessmentId}`, expect: by(401, 401, 403, 404, 404, 403, 404, 404) },
  { method: 'GET', route: '/api/data/GetEnergyChartData/:assessmentId', path: (w) => `/api/data/GetEnergyChartData/${w.assessmentId}`, expect: READABLE_BY_ID },
  { method: 'GET', route: '/api/data/GetSinglePetalData/:assessmentId', path: (w) => `/api/data/GetSinglePetalData/${w.assessmentId}`, expect: READABLE_BY_ID },
  { method: 'GET', route: '/api/data/GetAssessmentScores/:assessmentId', path: (w) => `/api/data/GetAssessmentScores/${w.assessmentId}`, expect: READABLE_BY_ID },
  { method: 'GET', route: '/api/user/LifeDataByAssessment/:assessmentId', path: (w) => `/api/user/LifeDataByAssessment/${w.assessmentId}`, expect: READABLE_BY_ID },
  { method: 'GET', route: '/api/user/GetAssessmentById/:assessmentId', path: (w) => `/api/user/GetAssessmentById/${w.assessmentId}`, expect: READABLE_BY_ID },
  { method: 'GET', route: '/api/user/GetPreviousLifeData', path: () => '/api/user/GetPreviousLifeData', expect: ANY_SESSION },
  { method: 'GET', route: '/api/user/GetAllAssessments', path: () => '/api/user/GetAllAssessments', expect: ANY_SESSION },

  // ── Member dashboard and coach supplement (routes/member.ts) ──
  { method: 'POST', route: '/api/user/SaveClientName', path: () => '/api/user/SaveClientName', body: () => ({ firstName: 'New', lastName: 'Name' }), expect: ANY_MEMBER },
  // Releasing Professional results to the client: the owner's coach (a release exposes nothing to the coach).
  { method: 'POST', route: '/api/user/SetClientAccessGranted/:assessmentId', path: (w) => `/api/user/SetClientAccessGranted/${w.proAssessmentId}`, expect: COACH_OF_OWNER },
  { method: 'GET', route: '/api/data/GetCoachAssessmentOverview/:assessmentId', path: (w) => `/api/data/GetCoachAssessmentOverview/${w.assessmentId}`, expect: READABLE_BY_ID_MEMBERS },
  { method: 'GET', route: '/api/data/GetCoachComprehensive/:assessmentId', path: (w) => `/api/data/GetCoachComprehensive/${w.assessmentId}`, expect: READABLE_BY_ID_MEMBERS },
  { method: 'GET', route: '/api/data/ExportCsv', path: () => '/api/data/ExportCsv', expect: ADMIN_ONLY, ownerVisibleTo: ['admin'] },
  { method: 'GET', route: '/api/data/GetSiteLinks', path: () => '/api/data/GetSiteLinks', expect: all(200) },

  // ── Coaches and admins (routes/coach.ts) ──
  { method: 'GET', route: '/api/coach/GetCoachList', path: () => '/api/coach/GetCoachList', expect: ANY_MEMBER },
  { method: 'GET', route: '/api/coach/GetAssessmentsByCoach', path: () => '/api/coach/GetAssessmentsByCoach', expect: COACH_LISTS },
  { method: 'GET', route: '/api/coach/GetOrganizationsByCoach', path: () => '/api/coach/GetOrganizationsByCoach', expect: COACH_LISTS },
  { method: 'GET', route: '/api/coach/GetClientsWithNoOrg', path: () => '/api/coach/GetClientsWithNoOrg', expect: COACH_LISTS },
  { method: 'POST', route: '/api/coach/SetCoachName', path: () => '/api/coach/SetCoachName', body: () => ({ firstName: 'Casey', lastName: 'Renamed' }), expect: by(401, 401, 403, 403, 200, 200, 200, 403) },
  // Choosing the owner's coach: anyone signed in may (the coach themselves may not: 400).
  { method: 'POST', route: '/api/coach/AssignCoachToUser/:coachId', path: (w) => `/api/coach/AssignCoachToUser/${w.coachId}`, expect: by(401, 401, 200, 200, 400, 400, 200, 200) },
  // The owner may leave their coach; their coach may let them go; nobody else.
  { method: 'POST', route: '/api/coach/UnassignCoachFromUser/:userId', path: (w) => `/api/coach/UnassignCoachFromUser/${w.ownerId}`, expect: by(401, 401, 200, 403, 200, 200, 404, 403) },
  { method: 'POST', route: '/api/coach/AssignUserToNewGroup/:userId', path: (w) => `/api/coach/AssignUserToNewGroup/${w.ownerId}`, expect: COACH_OF_OWNER },
  { method: 'POST', route: '/api/coach/AssignUserToNewGroup/:userId/:groupGuid', path: (w) => `/api/coach/AssignUserToNewGroup/${w.ownerId}/${w.defaultGroupId}`, expect: COACH_OF_OWNER },
  { method: 'POST', route: '/api/coach/SetUserAccessPreGranted/:userId/:value', path: (w) => `/api/coach/SetUserAccessPreGranted/${w.ownerId}/false`, expect: COACH_OF_OWNER },
  { method: 'GET', route: '/api/admin/PendingCoaches', path: () => '/api/admin/PendingCoaches', expect: ADMIN_ONLY },
  { method: 'POST', route: '/api/admin/ApproveCoach/:userId', path: (w) => `/api/admin/ApproveCoach/${w.pendingCoachId}`, expect: ADMIN_ONLY },
  { method: 'GET', route: '/api/admin/Coaches', path: () => '/api/admin/Coaches', expect: ADMIN_ONLY },
  { method: 'POST', route: '/api/admin/RevokeCoachApproval/:userId', path: (w) => `/api/admin/RevokeCoachApproval/${w.coachId}`, expect: ADMIN_ONLY },

  // ── Organizations and groups (routes/organization.ts) ──
  { method: 'GET', route: '/api/organization/GetNoCoachOrganizations', path: () => '/api/organization/GetNoCoachOrganizations', expect: ANY_MEMBER },
  { method: 'GET', route: '/api/organization/GetGroupsByOrganization', path: () => '/api/organization/GetGroupsByOrganization', expect: ANY_MEMBER },
  // Joining the coach's group: any member but the coach (400: not as a client of yourself).
  { method: 'POST', route: '/api/organization/AssignGroupToUser/:groupId', path: (w) => `/api/organization/AssignGroupToUser/${w.groupId}`, expect: by(401, 401, 200, 200, 400, 400, 200, 200) },
  { method: 'POST', route: '/api/organization/AddNewOrganization/*', path: () => '/api/organization/AddNewOrganization/Fresh%20Org', expect: by(401, 401, 403, 403, 201, 201, 201, 403) },
  { method: 'POST', route: '/api/organization/AddNewGroup/:organizationGuid/*', path: (w) => `/api/organization/AddNewGroup/${w.organizationId}/Fresh%20Group`, expect: by(401, 401, 403, 403, 201, 201, 404, 403) },
  { method: 'POST', route: '/api/organization/DeleteOrganization/:organizationGuid', path: (w) => `/api/organization/DeleteOrganization/${w.organizationId}`, expect: COACH_OF_OWNER },
  { method: 'POST', route: '/api/organization/DeleteGroup/:groupGuid', path: (w) => `/api/organization/DeleteGroup/${w.groupId}`, expect: COACH_OF_OWNER },

  // ── Purchase (routes/purchase.ts) ──
  { method: 'GET', route: '/api/user/getPositivityPlanPrice', path: () => '/api/user/getPositivityPlanPrice', expect: all(200) },
  { method: 'GET', route: '/api/user/GetPlanPricing', path: () => '/api/user/GetPlanPricing', expect: all(200) },
  { method: 'POST', route: '/api/user/GetPurchaseUrl/:assessmentId', path: (w) => `/api/user/GetPurchaseUrl/${w.assessmentId}`, expect: OWNER_ONLY_MEMBERS },
  { method: 'GET', route: '/api/user/PurchaseSuccessCallback', path: (w) => `/api/user/PurchaseSuccessCallback?session=${w.purchaseRef}`, expect: OWNER_ONLY, freshWorld: true },
  { method: 'GET', route: '/api/user/PurchaseFailureCallback', path: (w) => `/api/user/PurchaseFailureCallback?session=${w.purchaseRef}`, expect: OWNER_ONLY, freshWorld: true },
  { method: 'GET', route: '/api/purchase/sandbox/:ref', path: (w) => `/api/purchase/sandbox/${w.purchaseRef}`, expect: OWNER_ONLY_MEMBERS },
  { method: 'POST', route: '/api/purchase/sandbox/:ref/pay', path: (w) => `/api/purchase/sandbox/${w.purchaseRef}/pay`, expect: OWNER_ONLY_MEMBERS },
  // No Stripe configured: the webhook does not exist for anyone (it is the one CSRF-exempt route).
  { method: 'POST', route: '/api/payments/stripe/webhook', path: () => '/api/payments/stripe/webhook', body: () => ({}), expect: all(404) },

  // ── Privacy (routes/privacy.ts) ──
  // A caller's export holds only their own data: not even the owner's coach finds the owner in theirs.
  { method: 'GET', route: '/api/user/ExportMyData', path: () => '/api/user/ExportMyData', expect: ANY_SESSION, ownerVisibleTo: [] },
  { method: 'POST', route: '/api/user/DeleteAccount', path: () => '/api/user/DeleteAccount', body: () => ({ confirm: 'DELETE' }), expect: ANY_SESSION, ownerVisibleTo: [] },
  { method: 'GET', route: '/api/user/GetMyConsents', path: () => '/api/user/GetMyConsents', expect: ANY_SESSION, ownerVisibleTo: [] },
  { method: 'POST', route: '/api/user/RevokeConsent/:consentId', path: (w) => `/api/user/RevokeConsent/${w.researchConsentId}`, expect: OWNER_ONLY },
  { method: 'POST', route: '/api/user/RevokeCoachAccess/:assessmentId', path: (w) => `/api/user/RevokeCoachAccess/${w.assessmentId}`, expect: OWNER_ONLY },
  // The coach's "Grant all?" request: only the client answers it (decision 0020); the coach asking is not the coach confirming.
  { method: 'GET', route: '/api/user/GetPreGrantRequest', path: () => '/api/user/GetPreGrantRequest', expect: ANY_MEMBER },
  { method: 'POST', route: '/api/user/ConfirmPreGrantRequest/:requestId', path: (w) => `/api/user/ConfirmPreGrantRequest/${w.preGrantRequestId}`, expect: OWNER_ONLY_MEMBERS },
  { method: 'POST', route: '/api/user/DeclinePreGrantRequest/:requestId', path: (w) => `/api/user/DeclinePreGrantRequest/${w.preGrantRequestId}`, expect: OWNER_ONLY_MEMBERS },
];

export const routeKey = (method: string, route: string) => `${method.toUpperCase()} ${route}`;
