import { accountHandlers } from './account';
import { authHandlers } from './auth';
import { coachHandlers } from './coach';
import { coachDashboardHandlers } from './coach-dashboard';
import { getCurrentUser, continueAsGuest, health, saveReferrer } from './identity';
import { insightHandlers } from './insight';
import { invitationHandlers } from './invitations';
import * as journeyData from './journey-data';
import * as journeyUser from './journey-user';
import { memberHandlers } from './member';
import { organizationHandlers } from './organization';
import { privacyHandlers } from './privacy';
import { progressHandlers } from './progress';
import { purchaseHandlers } from './purchase';
import * as reports from './reports';

/**
 * Every endpoint's handler, by the entry's name (decision 0025). `registerEndpoints` takes
 * exactly one per entry that is not an alias: a missing or an extra one fails the type check.
 */
export const endpointHandlers = {
  health,
  getCurrentUser,
  continueAsGuest,
  saveReferrer,
  ...authHandlers,
  ...journeyUser,
  ...journeyData,
  ...reports,
  ...memberHandlers,
  ...coachHandlers,
  ...coachDashboardHandlers,
  ...organizationHandlers,
  ...purchaseHandlers,
  ...privacyHandlers,
  ...progressHandlers,
  ...insightHandlers,
  ...invitationHandlers,
  ...accountHandlers,
};
