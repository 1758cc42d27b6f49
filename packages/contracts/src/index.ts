/**
 * @bloom/contracts: the shapes of every API payload, as zod schemas with their
 * inferred types. The server validates with them; the web app types its calls with them.
 */
export * from './constants';
export * from './text';
export * from './user';
export * from './assessment';
export * from './errors';
export * from './auth';
export * from './coach';
export * from './coach-dashboard';
export * from './privacy';
export * from './benchmark';
export * from './journey-content';
export * from './reports';
export * from './purchase';
export * from './progress';
export * from './insight';
export * from './invitations';
export * from './account';
export * from './endpoints';
