import { z } from 'zod';
import { isWellFormedText } from './text';

/**
 * Payloads of the coach side (spec 02 §3, §7): the coach list, the coach dashboard,
 * organizations and groups for client management and onboarding, admin approval of
 * coaches, and the member dashboard's site links.
 */

/** The label of the group every organization is created with; it cannot be deleted (spec 02 §2, §9). */
export const DEFAULT_GROUP_NAME = 'No Group';
/** Maximum length, in characters (code points), of organization, group and person names. */
export const DISPLAY_NAME_MAX_LENGTH = 100;

/** GET /api/coach/GetCoachList: the caller's own coach, if any (decision 0030). */
export const coachListItemSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
export type CoachListItem = z.infer<typeof coachListItemSchema>;

/** An assessment row of the coach dashboard: an assessment with results (DESIGN.md §11). */
export const coachAssessmentSummarySchema = z.object({
  id: z.string(),
  date: z.string(),
  isNinetyItem: z.boolean(),
  coachAccessGranted: z.boolean(),
  clientAccessGranted: z.boolean(),
  /**
   * The results' open release to the client is this coach's (decision 0056). False when they are
   * not released, or were released by a former coach: this coach may release them again, which
   * is what includes the plan.
   */
  releasedByThisCoach: z.boolean(),
});
export type CoachAssessmentSummary = z.infer<typeof coachAssessmentSummarySchema>;

/** GET /api/coach/GetAssessmentsByCoach: one entry per client of the coach. */
export const coachDashboardEntrySchema = z.object({
  user: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    userName: z.string(),
    /** Null for an independent client (no organization). */
    group: z
      .object({
        groupGuid: z.string(),
        groupName: z.string(),
        organization: z.object({ organizationGuid: z.string(), organizationName: z.string() }),
      })
      .nullable(),
  }),
  /** Assessments with results (finished or not), newest first. */
  assessments: z.array(coachAssessmentSummarySchema),
});
export type CoachDashboardEntry = z.infer<typeof coachDashboardEntrySchema>;

/**
 * Where a client's "Grant all?" stands (decision 0020): the coach's tick is a request the client
 * confirms ("granted") or declines on their dashboard.
 */
export const preGrantStatusSchema = z.enum(['none', 'requested', 'declined', 'granted']);
export type PreGrantStatus = z.infer<typeof preGrantStatusSchema>;

/** A client as client management lists them. */
export const clientUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userName: z.string(),
  /** True only once the client has confirmed (spec 02 field; a request alone leaves it false). */
  accessPreGranted: z.boolean(),
  preGrantStatus: preGrantStatusSchema,
});
export type ClientUser = z.infer<typeof clientUserSchema>;

/** POST /api/coach/SetUserAccessPreGranted/{userId}/{true|false}: for a coach, true asks the client and false withdraws the ask (or ends the pre-grant). */
export const preGrantChangeSchema = z.object({ accessPreGranted: z.boolean(), preGrantStatus: preGrantStatusSchema });
export type PreGrantChange = z.infer<typeof preGrantChangeSchema>;

export const groupWithUsersSchema = z.object({
  groupGuid: z.string(),
  groupName: z.string(),
  /** The organization's "No Group" group: it has no Delete Group button. */
  isDefault: z.boolean(),
  users: z.array(clientUserSchema),
});
export type GroupWithUsers = z.infer<typeof groupWithUsersSchema>;

/** GET /api/coach/GetOrganizationsByCoach (and the answer of AddNewOrganization). */
export const organizationWithGroupsSchema = z.object({
  organizationGuid: z.string(),
  organizationName: z.string(),
  groups: z.array(groupWithUsersSchema),
});
export type OrganizationWithGroups = z.infer<typeof organizationWithGroupsSchema>;

/**
 * GET /api/organization/GetNoCoachOrganizations. `coachName`: the organization's coach's first and
 * last name ("" when they have given none), plain text: joining makes them the member's coach, and
 * names of organizations are unique per coach only (decision 0007).
 */
export const organizationListItemSchema = z.object({ organizationGuid: z.string(), organizationName: z.string(), coachName: z.string() });
export type OrganizationListItem = z.infer<typeof organizationListItemSchema>;

/** GET /api/organization/GetGroupsByOrganization: organization guid → its groups. */
export const groupListItemSchema = z.object({ groupGuid: z.string(), groupName: z.string() });
export type GroupListItem = z.infer<typeof groupListItemSchema>;
export const groupsByOrganizationSchema = z.record(z.string(), z.array(groupListItemSchema));
export type GroupsByOrganization = z.infer<typeof groupsByOrganizationSchema>;

/** GET /api/data/GetSiteLinks */
export const siteLinksSchema = z.object({ memberResourcesUrl: z.string() });
export type SiteLinks = z.infer<typeof siteLinksSchema>;

/** GET /api/admin/PendingCoaches */
export const pendingCoachSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userName: z.string(),
  signedUpAt: z.string(),
});
export type PendingCoach = z.infer<typeof pendingCoachSchema>;

/** GET /api/admin/Coaches: every coach account, and whether an admin has vetted it (only then are clients' Professional plans included). */
export const coachAccountSchema = pendingCoachSchema.extend({
  coachStatus: z.enum(['pending', 'approved']),
  vetted: z.boolean(),
  /**
   * Whether Revoke approval would change anything: the coach is vetted, or is approved under
   * COACH_SIGNUP=approval (where revoking sends them back to waiting, decision 0019). A coach
   * approved without a vetting (before migration 0004, or while sign-up was open) can be stopped.
   */
  revocable: z.boolean(),
});
export type CoachAccount = z.infer<typeof coachAccountSchema>;

/**
 * Names people type for others to read (organizations, groups, people): plain text in any
 * script, trimmed, 1 to 100 characters. Control characters (NUL, tabs, line breaks, …),
 * line/paragraph separators and bidirectional overrides/isolates are refused: they have no
 * place in a one-line label, and overrides can make a name read as something else. A name must
 * also show something: at least one letter, number, punctuation mark or symbol (emoji
 * included), so one made only of invisible characters (zero-width space, word joiner,
 * byte-order mark, soft hyphen, a combining mark alone) is as empty as one of spaces (spec 02 §5).
 */
const FORBIDDEN_IN_NAMES = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;
const VISIBLE_IN_NAMES = /[\p{L}\p{N}\p{P}\p{S}]/u;

export function displayNameSchema(what: string) {
  return z
    .string()
    .transform((value) => value.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .refine((value) => value.length > 0, `${what} is required`)
        .refine((value) => value.length === 0 || VISIBLE_IN_NAMES.test(value), `${what} must contain a visible character (a letter, number, punctuation mark or symbol)`)
        .refine((value) => [...value].length <= DISPLAY_NAME_MAX_LENGTH, `${what} must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`)
        .refine(isWellFormedText, `${what} is not valid text`)
        .refine((value) => !FORBIDDEN_IN_NAMES.test(value), `${what} must not contain control characters, line breaks or text-direction overrides`),
    );
}

/** POST /api/coach/SetCoachName and POST /api/user/SaveClientName, as the server checks them. */
export const personNamePayloadSchema = z.object({
  firstName: displayNameSchema('First name'),
  lastName: displayNameSchema('Last name'),
});
