import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';

/** Every migration, in order. Append only: a merged migration never changes. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
};
