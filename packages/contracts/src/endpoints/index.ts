import { accountEndpoints } from './account';
import { authEndpoints } from './auth';
import { coachDashboardEndpoints } from './coach-dashboard';
import { coachingEndpoints } from './coaching';
import { identityEndpoints } from './identity';
import { insightEndpoints } from './insight';
import { invitationEndpoints } from './invitations';
import { journeyEndpoints } from './journey';
import { privacyEndpoints } from './privacy';
import { progressEndpoints } from './progress';
import { purchaseEndpoints } from './purchase';
import { reportEndpoints } from './reports';

/**
 * The endpoint table (decision 0024): every API call the server registers, once, keyed by a
 * camelCase name. The server registers, authorizes, validates and picks a transaction from an
 * entry; the web client builds the URL and types the answer from it; the authorization matrix
 * (apps/server/test/security-authorization.test.ts) derives who gets what from it.
 */
export const endpoints = {
  ...identityEndpoints,
  ...authEndpoints,
  ...journeyEndpoints,
  ...reportEndpoints,
  ...coachingEndpoints,
  ...coachDashboardEndpoints,
  ...purchaseEndpoints,
  ...privacyEndpoints,
  ...progressEndpoints,
  ...insightEndpoints,
  ...invitationEndpoints,
  ...accountEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export {
  buildUrl,
  fillPath,
  pathParams,
  toFastifyPath,
  type CachePolicy,
  type CallerRule,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
  type EndpointSpec,
  type HttpMethod,
  type OwnershipScope,
  type RateLimitName,
  type ResponseSpec,
} from './define';
