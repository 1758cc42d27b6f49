import { z } from 'zod';

/**
 * A member's sign-in account, from the account page (issue 25 §3, DESIGN.md §12, decision 0028):
 * - GET  /api/user/GetAccount → AccountSettings
 * - POST /api/user/ChangePassword {currentPassword, newPassword} → { changed: true }
 * - POST /api/user/ChangeEmail {currentPassword, newEmail} → { pendingEmail } (the address changes once the link mailed to it is followed)
 * - POST /api/user/ResendVerificationEmail → { sentTo }
 * - POST /api/user/EndOtherSessions {currentPassword?} → { ended } (every other signed-in browser signed out; decision 0085)
 * Only accounts of Bloom's own sign-in (the embedded provider) are changed here; with an
 * external provider the password and address are that provider's (409 `managed_by_provider`),
 * but the person can still sign out their other browsers.
 */
export const accountSettingsSchema = z.object({
  /** The address the account signs in with (Bloom's own sign-in), or the one the provider vouches for; null when there is none. */
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** A new address waiting for its confirmation link to be followed; null when none. */
  pendingEmail: z.string().nullable(),
  /** `bloom`: password and address are changed here. `provider`: at the external sign-in provider. */
  managedBy: z.enum(['bloom', 'provider']),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(1000),
  /** The sign-up rules apply (length, not the e-mail, not a common password); the server words each refusal. */
  newPassword: z.string().max(1000),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;
export const changePasswordResultSchema = z.object({ changed: z.literal(true) });

export const changeEmailSchema = z.object({
  currentPassword: z.string().min(1).max(1000),
  newEmail: z.string().max(1000),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailSchema>;
/** The address the confirmation link went to. */
export const changeEmailResultSchema = z.object({ pendingEmail: z.string() });

export const verificationMailResultSchema = z.object({ sentTo: z.string() });

/**
 * Signing out every other browser (OWASP ASVS 5.0 V7). The current password is needed when Bloom's
 * own sign-in manages it (`managedBy: 'bloom'`); with an external provider the session is enough
 * and the field is left out.
 */
export const endOtherSessionsSchema = z.object({
  currentPassword: z.string().max(1000).optional(),
});
export type EndOtherSessionsRequest = z.infer<typeof endOtherSessionsSchema>;
/** How many other sessions (signed-in browsers) were ended; this one stays signed in. */
export const endOtherSessionsResultSchema = z.object({ ended: z.number().int().nonnegative() });
