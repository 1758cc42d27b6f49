import { z } from 'zod';
import { assessmentSchema } from '../assessment';
import {
  consentRecordSchema,
  deleteAccountResultSchema,
  deleteAccountSchema,
  DELETE_ACCOUNT_CONFIRMATION,
  pendingPreGrantRequestSchema,
  personalDataExportSchema,
  preGrantAnswerSchema,
  revokeConsentSchema,
} from '../privacy';
import { download, endpoint, json } from './define';

/** A person's rights over their own data, and their answer to a coach's "Grant all?" (api/handlers/privacy.ts; decision 0020). */
const id = z.string().min(1);

export const privacyEndpoints = {
  exportMyData: endpoint({ method: 'GET', path: '/api/user/ExportMyData', response: download('application/json', 'bloom-my-data.json', personalDataExportSchema), caller: 'session', writes: false, cache: 'private' }),
  /** 400 confirmation_required without {"confirm":"DELETE"}; the session cookie is cleared. */
  deleteAccount: endpoint({
    method: 'POST',
    path: '/api/user/DeleteAccount',
    body: deleteAccountSchema,
    response: json(deleteAccountResultSchema),
    caller: 'session',
    writes: true,
    cache: 'private',
    badBody: {
      code: 'confirmation_required',
      message: `To delete your account and all of its data, confirm with {"confirm":"${DELETE_ACCOUNT_CONFIRMATION}"}.`,
    },
  }),
  getMyConsents: endpoint({ method: 'GET', path: '/api/user/GetMyConsents', response: json(z.array(consentRecordSchema)), caller: 'session', writes: false, cache: 'private' }),
  /** A pre-grant needs {pastAssessments: keep|stop}; other kinds take no body. */
  revokeConsent: endpoint({
    method: 'POST',
    path: '/api/user/RevokeConsent/{consentId}',
    params: z.object({ consentId: id }),
    body: revokeConsentSchema.optional(),
    response: json(consentRecordSchema),
    caller: 'session',
    owns: { consentId: 'own' },
    writes: true,
    rateLimit: 'consent-change',
    cache: 'private',
    badBody: { code: 'invalid_choice', message: 'Send {"pastAssessments":"keep"} or {"pastAssessments":"stop"}, or no body.' },
  }),
  revokeCoachAccess: endpoint({
    method: 'POST',
    path: '/api/user/RevokeCoachAccess/{assessmentId}',
    params: z.object({ assessmentId: id }),
    response: json(assessmentSchema),
    caller: 'session',
    owns: { assessmentId: 'own' },
    writes: true,
    rateLimit: 'consent-change',
    cache: 'private',
  }),
  getPreGrantRequest: endpoint({ method: 'GET', path: '/api/user/GetPreGrantRequest', response: json(pendingPreGrantRequestSchema), caller: 'member', writes: false, cache: 'private' }),
  confirmPreGrantRequest: endpoint({
    method: 'POST',
    path: '/api/user/ConfirmPreGrantRequest/{requestId}',
    params: z.object({ requestId: id }),
    response: json(preGrantAnswerSchema),
    caller: 'member',
    owns: { requestId: 'own' },
    writes: true,
    cache: 'private',
  }),
  declinePreGrantRequest: endpoint({
    method: 'POST',
    path: '/api/user/DeclinePreGrantRequest/{requestId}',
    params: z.object({ requestId: id }),
    response: json(preGrantAnswerSchema),
    caller: 'member',
    owns: { requestId: 'own' },
    writes: true,
    cache: 'private',
  }),
};
