import { z } from 'zod';
import { isWellFormedText } from './text';

export const userRoleSchema = z.enum(['Member', 'Coach', 'Admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

/** GET /api/user/getCurrentUser (204 when nobody is signed in). */
export const currentUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The sign-in e-mail; "Guest" marks a guest. */
  userName: z.string(),
  coachGuid: z.string().nullable(),
  researchOptIn: z.boolean(),
  userRoles: z.array(userRoleSchema),
  lastVisitedRoute: z.string().nullable(),
  /** Coach accounts awaiting admin approval (COACH_SIGNUP=approval). */
  coachPending: z.boolean(),
  accessPreGranted: z.boolean(),
  /**
   * Coaches only, and only in GET getCurrentUser's answer: whether this coach's release of a
   * client's Professional results includes their Positivity Plan (an admin has vetted the coach,
   * decisions 0019 and 0056, or plans cost nothing). False under open sign-up until an admin
   * approves them: the client then gets profile and charts, and the plan stays for sale to them.
   */
  coachIncludesPlans: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;


/** POST /api/user/SaveUserProgress */
export const saveUserProgressSchema = z.object({
  // A path on this site: "//host" and "/\\host" would be read by browsers as another site.
  route: z
    .string()
    .min(1)
    .max(300)
    .regex(/^\/(?![/\\])/, 'must be a path on this site, starting with a single /')
    .refine(isWellFormedText, 'is not valid text'),
});
export type SaveUserProgress = z.infer<typeof saveUserProgressSchema>;

/** Referrers are short labels or URLs; anything else is refused rather than stored. */
export const referrerSchema = z.string().max(500).refine(isWellFormedText, 'is not valid text');

/** POST /api/user/ContinueAsGuest */
export const continueAsGuestSchema = z.object({ referrer: referrerSchema.nullish() }).strict();

/** Payload of POST /api/user/SaveClientName and POST /api/coach/SetCoachName. */
export const personNameSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100).refine(isWellFormedText, 'First name is not valid text'),
  lastName: z.string().trim().min(1, 'Last name is required').max(100).refine(isWellFormedText, 'Last name is not valid text'),
});
export type PersonName = z.infer<typeof personNameSchema>;

/** The redirect every login-URL and purchase-URL call returns. */
export const redirectResponseSchema = z.object({ redirectUrl: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;
