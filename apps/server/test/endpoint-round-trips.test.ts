import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto';
import { startTestServer, type TestServer } from './harness';
import { clientFor, send } from './support/callers';
import { ROUTE_TABLE, type RouteCase } from './support/route-table';
import { ADMIN_EMAIL, buildWorld, insertAssessment, userRow, type CallerKind, type World } from './support/world';

/**
 * PostgreSQL round trips of every endpoint, not only the journey's (db-round-trips.test.ts):
 * each request of the authorization matrix (support/route-table.ts), sent once by a caller it
 * succeeds for, counted at the driver (db/round-trips.ts). The counts are exact, so each is
 * pinned below: a change that adds a round trip fails here, and one that saves some updates
 * the pin. Reads are counted a second time once the world holds many times the records, so a
 * query per record (N+1) fails too.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL round trips of every endpoint', () => {
  let server: TestServer;
  let shared: World;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: 'true' }, { countRoundTrips: true });
    shared = await buildWorld(server, { coachAccessGranted: true });
    // The world's clients are all in groups; the independent clients' page then reads its entries too.
    await insertClientOf(server, shared, 'independent', null, { createdAt: new Date().toISOString(), coachAccess: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The first caller the matrix expects to succeed (a redirect counts). */
  const SUCCESS_CALLERS: CallerKind[] = ['owner', 'coachWithGrant', 'admin', 'guest', 'anonymous'];
  const succeedsFor = (testCase: RouteCase) => SUCCESS_CALLERS.find((caller) => testCase.expect[caller] < 400);
  const counted = ROUTE_TABLE.filter((testCase) => succeedsFor(testCase) !== undefined && !BATCHED.has(testCase.name));

  /** The round trips of one request; a write gets a world of its own, as in the matrix. */
  async function roundTripsOf(testCase: RouteCase, world: World): Promise<number> {
    const caller = succeedsFor(testCase)!;
    await server.database.sessionCache?.caughtUp();
    server.database.roundTrips!.reset();
    const response = await send(clientFor(server, world, caller), testCase.method, testCase.path(world), testCase.body?.(world));
    expect(response.status, `${testCase.label} as ${caller}: ${response.text.slice(0, 160)}`).toBe(testCase.expect[caller]);
    const entry = server.database.roundTrips!.snapshot().endpoints[testCase.name];
    expect(entry?.calls ?? 1, testCase.label).toBe(1);
    return entry?.roundTrips ?? 0;
  }

  async function countAll(cases: RouteCase[]): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const testCase of cases) {
      if (testCase.freshWorld) {
        counts[testCase.label] = await roundTripsOf(testCase, await buildWorld(server, { coachAccessGranted: true }));
      } else {
        // The first call fills what an instance reads once (content, norms, the caller's session).
        await roundTripsOf(testCase, shared);
        counts[testCase.label] = await roundTripsOf(testCase, shared);
      }
    }
    return counts;
  }

  it('counts every endpoint a caller can use, as pinned', async () => {
    const counts = await countAll(counted);
    expect(counts).toEqual(PINNED);
  }, 120_000);

  it('reads at most 3 round trips, but for those named in READS_OVER_THREE', () => {
    const over = counted.filter((testCase) => !testCase.entry.writes && PINNED[testCase.label]! > 3).map((testCase) => testCase.name);
    expect([...new Set(over)].sort()).toEqual(Object.keys(READS_OVER_THREE).sort());
  });

  it('reads as many round trips when the data is many times larger (no query per record)', async () => {
    const reads = counted.filter((testCase) => !testCase.freshWorld);
    const before = await countAll(reads);
    await growWorld(server, shared);
    expect(await countAll(reads)).toEqual(before);
  }, 120_000);
});

/** Reads over the journey's budget of 3 a call, and why each is left so: none queries per record. */
const READS_OVER_THREE: Record<string, string> = {
  exportMyData: "the person's whole record for download (privacy): one query per table that holds them; asked for rarely",
};

/**
 * Exports that read the whole database a batch at a time: one query per 100 assessments, by
 * design (export/assessments-csv.ts, progress/research-export.ts), so their count depends on
 * what the other requests here have stored.
 */
const BATCHED = new Set(['exportCsv', 'exportResearchData']);

/**
 * Many times the records the world's reads can see: the owner's assessments and consents, the
 * coach's organizations, groups, clients and invitations.
 */
/** A client of the world's coach, in `groupId` or in none, with one finished Rapid assessment. */
async function insertClientOf(server: TestServer, world: World, name: string, groupId: string | null, options: { createdAt: string; coachAccess: boolean }) {
  const clientId = newId();
  await server.database.db
    .insertInto('users')
    .values(
      userRow(
        {
          id: clientId,
          user_name: `${name}@bloom.test`,
          email: `${name}-${world.coachId.slice(0, 6)}@bloom.test`,
          first_name: 'Client',
          last_name: name,
          coach_id: world.coachId,
          group_id: groupId,
        },
        options.createdAt,
      ),
    )
    .execute();
  await insertAssessment(server, clientId, { professional: false, createdAt: options.createdAt, finished: true, coachAccess: options.coachAccess, answer: 2 });
}

async function growWorld(server: TestServer, world: World): Promise<void> {
  const db = server.database.db;
  const now = Date.now();
  const at = (index: number) => new Date(now - 90_000 - index * 1000).toISOString();
  for (let index = 0; index < 4; index++) {
    const assessmentId = await insertAssessment(server, world.ownerId, { professional: index % 2 === 1, createdAt: at(index), finished: true, coachAccess: true, answer: 3 });
    await db.insertInto('consents').values({ id: newId(), user_id: world.ownerId, kind: 'coach_access', subject_id: assessmentId, granted_at: at(index), revoked_at: null, granted_by: world.ownerId }).execute();
  }
  const organizations = Array.from({ length: 3 }, (_, index) => ({ id: newId(), coach_id: world.coachId, name: `Grown org ${index}`, created_at: at(index) }));
  await db.insertInto('organizations').values(organizations).execute();
  const groups = organizations.flatMap((organization) => [0, 1].map((index) => ({ id: newId(), organization_id: organization.id, name: `Grown group ${index}`, created_at: at(index) })));
  await db.insertInto('groups').values(groups).execute();
  for (let index = 0; index < 12; index++) {
    const groupId = index % 3 === 0 ? null : index % 2 === 0 ? world.groupId : groups[index % groups.length]!.id;
    await insertClientOf(server, world, `grown-${index}`, groupId, { createdAt: at(index), coachAccess: index % 2 === 0 });
  }
  await db
    .insertInto('coach_invitations')
    .values(
      Array.from({ length: 3 }, (_, index) => ({
        id: newId(),
        coach_id: world.coachId,
        token_hash: `grown-${index}-${newId()}`,
        email: `grown-invitee-${index}@bloom.test`,
        first_name: null,
        last_name: null,
        organization_id: null,
        group_id: null,
        created_at: at(index),
        sent_at: at(index),
        expires_at: new Date(now + 86_400_000).toISOString(),
        accepted_at: null,
        accepted_by: null,
      })),
    )
    .execute();
}

/**
 * Round trips of one request of each matrix case, warm (see the describe's comment). A
 * transaction's BEGIN and COMMIT count one each. Reads are at most 3 but for READS_OVER_THREE.
 */
const PINNED: Record<string, number> = {
  // 21: erasure also forgets the person's and their sessions' rate-limit counters and their invitations' unsent mail (review of 2026-11-27).
  // 22: it cancels the person's pending checkouts, returning them to be closed at the provider after the commit (decision 0066, "an account erased").
  'deleteAccount (POST /api/user/DeleteAccount)': 22,
  'exportMyData (GET /api/user/ExportMyData)': 15,
  'deleteOrganization (POST /api/organization/DeleteOrganization/{organizationGuid})': 10,
  'acceptInvitation (POST /api/user/AcceptInvitation)': 10,
  'confirmPreGrantRequest (POST /api/user/ConfirmPreGrantRequest/{requestId})': 10,
  'deleteGroup (POST /api/organization/DeleteGroup/{groupGuid})': 9,
  // +2 on InviteClient and ResendInvitation: the address's invitation-mail count, read then claimed (decision 0084).
  'inviteClient [into a group] (POST /api/coach/InviteClient)': 13,
  'revokeConsent (POST /api/user/RevokeConsent/{consentId})': 11,
  'setClientAccessGranted (POST /api/user/SetClientAccessGranted/{assessmentId})': 9,
  'setUserAccessPreGranted (POST /api/coach/SetUserAccessPreGranted/{userId}/{value})': 10,
  'unassignCoachFromUser (POST /api/coach/UnassignCoachFromUser/{userId})': 9,
  'assignUserToNewGroup (POST /api/coach/AssignUserToNewGroup/{userId}/{groupGuid})': 8,
  'createNewAssessment (POST /api/user/CreateNewAssessment/{type})': 8,
  'inviteClient [independent] (POST /api/coach/InviteClient)': 11,
  // 11 and 6: the replaced or withdrawn link's unsent mail is forgotten.
  'resendInvitation (POST /api/coach/ResendInvitation/{invitationId})': 11,
  'revokeCoachAccess (POST /api/user/RevokeCoachAccess/{assessmentId})': 9,
  'setCoachAccessGranted (POST /api/user/SetCoachAccessGranted/{assessmentId})': 9,
  'assignCoachToUser (POST /api/coach/AssignCoachToUser/{coachId})': 7,
  'assignGroupToUser (POST /api/organization/AssignGroupToUser/{groupId})': 7,
  'declinePreGrantRequest (POST /api/user/DeclinePreGrantRequest/{requestId})': 7,
  'makeClientIndependent (POST /api/coach/AssignUserToNewGroup/{userId})': 7,
  'sandboxPay (POST /api/purchase/sandbox/{ref}/pay)': 7,
  'addNewGroup (POST /api/organization/AddNewGroup/{organizationGuid}/{groupName})': 7,
  'addNewOrganization (POST /api/organization/AddNewOrganization/{name})': 7,
  // +1: the purchase-start counter (decision 0082); the consent calls likewise count consent-change.
  'getPurchaseUrl (POST /api/user/GetPurchaseUrl/{assessmentId})': 7,
  'approveCoach (POST /api/admin/ApproveCoach/{userId})': 5,
  'purchaseFailureCallback (GET /api/user/PurchaseFailureCallback)': 5,
  'purchaseSuccessCallback (GET /api/user/PurchaseSuccessCallback)': 5,
  'revokeCoachApproval (POST /api/admin/RevokeCoachApproval/{userId})': 5,
  'saveReferrer (POST /api/user/SaveReferrer)': 5,
  'withdrawInvitation (POST /api/coach/WithdrawInvitation/{invitationId})': 6,
  // The session, then BEGIN, the person's row locked, the asking session still there, the others deleted, COMMIT (decision 0085).
  'endOtherSessions (POST /api/user/EndOtherSessions)': 6,
  'getClientProgress (GET /api/coach/GetClientProgress/{clientId})': 3,
  'saveClientName (POST /api/user/SaveClientName)': 4,
  'setCoachName (POST /api/coach/SetCoachName)': 4,
  'getAllAssessments (GET /api/user/GetAllAssessments)': 3,
  'getAssessmentById (GET /api/user/GetAssessmentById/{assessmentId})': 3,
  'getClientsPage [all clients, searched] (GET /api/coach/GetClientsPage)': 3,
  'getClientsPage [one group] (GET /api/coach/GetClientsPage)': 3,
  'getClientsPage [independent clients] (GET /api/coach/GetClientsPage)': 2,
  'getDashboardOutline (GET /api/coach/GetDashboardOutline)': 3,
  'getIndividualDifferences (GET /api/data/GetIndividualDifferences/{assessmentId})': 3,
  'getInvitation (GET /api/user/GetInvitation)': 3,
  'getLoginUrlBeginning (POST /api/auth/GetLoginUrlBeginning)': 3,
  'getLoginUrlClient (POST /api/auth/GetLoginUrlClient)': 3,
  'getLoginUrlCoach (POST /api/auth/GetLoginUrlCoach)': 3,
  'getLoginUrlEnd (POST /api/auth/GetLoginUrlEnd)': 3,
  'getLoginUrlProfessional (POST /api/auth/GetLoginUrlProfessional)': 3,
  'getLoginUrlPurchase (POST /api/user/GetLoginUrlPurchase)': 3,
  'getMyConsents (GET /api/user/GetMyConsents)': 3,
  'getOrganizationsByCoach (GET /api/coach/GetOrganizationsByCoach)': 3,
  'getProgress (GET /api/data/GetProgress)': 2,
  'getWixLoginUrlBeginning (POST /api/auth/GetWixLoginUrlBeginning)': 3,
  'getWixLoginUrlClient (POST /api/auth/GetWixLoginUrlClient)': 3,
  'getWixLoginUrlCoach (POST /api/auth/GetWixLoginUrlCoach)': 3,
  'getWixLoginUrlEnd (POST /api/auth/GetWixLoginUrlEnd)': 3,
  'getWixLoginUrlProfessional (POST /api/auth/GetWixLoginUrlProfessional)': 3,
  'getWixLoginUrlPurchase (POST /api/user/GetWixLoginUrlPurchase)': 3,
  'saveLifeData (POST /api/user/SaveLifeData)': 3,
  'exportInsightCsv (GET /api/coach/ExportInsightCsv)': 2,
  'getAssessmentScores (GET /api/data/GetAssessmentScores/{assessmentId})': 2,
  'getAssessmentsByCoach (GET /api/coach/GetAssessmentsByCoach)': 2,
  'getBloomProfileReport (GET /api/data/GetBloomProfileReport/{assessmentId})': 2,
  'getCoachAssessmentOverview (GET /api/data/GetCoachAssessmentOverview/{assessmentId})': 2,
  'getCoachComprehensive (GET /api/data/GetCoachComprehensive/{assessmentId})': 2,
  'getEightPetalData [by id] (GET /api/data/getEightPetalData/{assessmentId?})': 2,
  'getEnergyChartData (GET /api/data/GetEnergyChartData/{assessmentId})': 2,
  'getFourPetalData [by id] (GET /api/data/GetFourPetalData/{isExperience}/{assessmentId?})': 2,
  'getGroupInsight (GET /api/coach/GetGroupInsight/{groupId})': 2,
  'getOrganizationInsight (GET /api/coach/GetOrganizationInsight/{organizationId})': 2,
  'getSinglePetalData (GET /api/data/GetSinglePetalData/{assessmentId})': 2,
  'lifeDataByAssessment (GET /api/user/LifeDataByAssessment/{assessmentId})': 2,
  'logOut (POST /api/auth/LogOut)': 2,
  'saveQuestionResponse (POST /api/user/SaveQuestionResponse)': 2,
  'saveResearchOptIn (POST /api/user/SaveResearchOptIn/{value})': 3,
  'saveUserProgress (POST /api/user/SaveUserProgress)': 2,
  'coaches (GET /api/admin/Coaches)': 1,
  'continueAsGuest (POST /api/user/ContinueAsGuest)': 1,
  'getClientsWithNoOrg (GET /api/coach/GetClientsWithNoOrg)': 1,
  'getCoachList (GET /api/coach/GetCoachList)': 1,
  'getEightPetalData [latest] (GET /api/data/getEightPetalData/{assessmentId?})': 1,
  'getFourPetalData [latest] (GET /api/data/GetFourPetalData/{isExperience}/{assessmentId?})': 1,
  'getGroupsByOrganization (GET /api/organization/GetGroupsByOrganization)': 1,
  'getInstrumentStatistics (GET /api/admin/GetInstrumentStatistics)': 1,
  'getInvitations (GET /api/coach/GetInvitations)': 1,
  'getLatestAssessment (GET /api/user/GetLatestAssessment)': 1,
  'getModuleQuestions (GET /api/data/GetModuleQuestions/{module})': 1,
  'getModuleResults (GET /api/data/GetModuleResults/{module})': 1,
  'getNoCoachOrganizations (GET /api/organization/GetNoCoachOrganizations)': 1,
  'getPetalQuestions (GET /api/data/GetPetalQuestions/{petal})': 1,
  'getPetalResults (GET /api/data/GetPetalResults/{petal})': 1,
  'getPositivityPotential (GET /api/data/GetPositivityPotential)': 1,
  'getPreGrantRequest (GET /api/user/GetPreGrantRequest)': 1,
  'getPreviousLifeData (GET /api/user/GetPreviousLifeData)': 1,
  'getResultsCoverage (GET /api/data/GetResultsCoverage)': 1,
  'getSummaryText (GET /api/data/GetSummaryText)': 1,
  'health (GET /api/health)': 1,
  'pendingCoaches (GET /api/admin/PendingCoaches)': 1,
  'sandboxCheckout (GET /api/purchase/sandbox/{ref})': 1,
  'userHasAssessment (GET /api/user/UserHasAssessment)': 1,
  'getAccount (GET /api/user/GetAccount)': 0,
  'getCurrentUser (GET /api/user/getCurrentUser)': 0,
  'getLifeSituationsForm (GET /api/data/GetLifeSituationsForm)': 0,
  'getModuleByName (GET /api/data/GetModuleByName/{name})': 0,
  'getModulesAndPetals (GET /api/data/GetModulesAndPetals)': 0,
  'getPlanPricing (GET /api/user/GetPlanPricing)': 0,
  'getPositivityPlanPrice (GET /api/user/getPositivityPlanPrice)': 0,
  'getSiteContent (GET /api/data/GetSiteContent)': 0,
  'getSiteLinks (GET /api/data/GetSiteLinks)': 0,
  'getTestimonials (GET /api/data/GetTestimonials)': 0,
};
