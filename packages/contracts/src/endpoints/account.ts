import {
  accountSettingsSchema,
  changeEmailResultSchema,
  changeEmailSchema,
  changePasswordResultSchema,
  changePasswordSchema,
  endOtherSessionsResultSchema,
  endOtherSessionsSchema,
  verificationMailResultSchema,
} from '../account';
import { endpoint, json } from './define';

/**
 * A member's own sign-in account (api/handlers/account.ts; decision 0028). The changes check the
 * current password with argon2 and queue mail, so they run without the call's transaction
 * (`callsOut: 'identity provider'`: the embedded provider's account store) and keep their
 * writes in one transaction of their own.
 */
export const accountEndpoints = {
  getAccount: endpoint({ method: 'GET', path: '/api/user/GetAccount', response: json(accountSettingsSchema), caller: 'member', writes: false, cache: 'private' }),
  /** 400 wrong_password / weak_password; 409 managed_by_provider / password_changed_meanwhile (a reset landed while the change ran; nothing changed); 429 after ten wrong passwords in five minutes, three changes in an hour, or five mails in an hour (the notice counts). Every other session ends. */
  changePassword: endpoint({
    method: 'POST',
    path: '/api/user/ChangePassword',
    body: changePasswordSchema,
    response: json(changePasswordResultSchema),
    caller: 'member',
    writes: true,
    cache: 'no-store',
    callsOut: 'identity provider',
  }),
  /** 400 wrong_password / invalid_email / same_email; 409 email_taken / managed_by_provider / password_changed_meanwhile; 429. The address changes when the link mailed to it is followed. */
  changeEmail: endpoint({
    method: 'POST',
    path: '/api/user/ChangeEmail',
    body: changeEmailSchema,
    response: json(changeEmailResultSchema),
    caller: 'member',
    writes: true,
    cache: 'no-store',
    callsOut: 'identity provider',
  }),
  /** 409 already_verified / managed_by_provider; 429 after five mails an hour from the account page. */
  resendVerificationEmail: endpoint({
    method: 'POST',
    path: '/api/user/ResendVerificationEmail',
    response: json(verificationMailResultSchema),
    caller: 'member',
    writes: true,
    cache: 'no-store',
    callsOut: 'identity provider',
  }),
  /**
   * Signs out every other browser of the person; this one stays (decision 0085). With Bloom's own
   * sign-in it needs the current password: 400 wrong_password (missing or not right), 409
   * password_changed_meanwhile, 429 after ten wrong passwords in five minutes (the count
   * ChangePassword keeps). With an external provider the session is enough. 401 when this session
   * itself was ended meanwhile (by another browser doing the same, or a reset).
   */
  endOtherSessions: endpoint({
    method: 'POST',
    path: '/api/user/EndOtherSessions',
    body: endOtherSessionsSchema,
    response: json(endOtherSessionsResultSchema),
    caller: 'member',
    writes: true,
    cache: 'no-store',
    callsOut: 'identity provider',
  }),
};
