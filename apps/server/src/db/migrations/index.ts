import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_responses_clustered_on_sqlite';
import * as m0003 from './0003_latest_assessment_index';
import * as m0004 from './0004_coach_vetting';
import * as m0005 from './0005_consent_requests';
import * as m0006 from './0006_mail_outbox';
import * as m0007 from './0007_account_tokens';
import * as m0008 from './0008_coach_invitations';
import * as m0009 from './0009_postgres_round_trips';
import * as m0010 from './0010_merged_guest_consent_actors';
import * as m0011 from './0011_mail_outbox_recipient_index';
import * as m0012 from './0012_postgres_answer_save_finds_assessment';
import * as m0013 from './0013_coach_list_covering_indexes';
import * as m0014 from './0014_postgres_answer_save_marks_only_changes';
import * as m0015 from './0015_consent_coach';
import * as m0016 from './0016_one_pending_checkout_per_assessment';
import * as m0017 from './0017_assessments_by_user_covering_index';
import * as m0018 from './0018_purchase_time_zone';
import * as m0019 from './0019_own_results_before_a_coach';

/** Every migration, in order. Append only: a merged migration never changes. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_responses_clustered_on_sqlite': m0002,
  '0003_latest_assessment_index': m0003,
  '0004_coach_vetting': m0004,
  '0005_consent_requests': m0005,
  '0006_mail_outbox': m0006,
  '0007_account_tokens': m0007,
  '0008_coach_invitations': m0008,
  '0009_postgres_round_trips': m0009,
  '0010_merged_guest_consent_actors': m0010,
  '0011_mail_outbox_recipient_index': m0011,
  '0012_postgres_answer_save_finds_assessment': m0012,
  '0013_coach_list_covering_indexes': m0013,
  '0014_postgres_answer_save_marks_only_changes': m0014,
  '0015_consent_coach': m0015,
  '0016_one_pending_checkout_per_assessment': m0016,
  '0017_assessments_by_user_covering_index': m0017,
  '0018_purchase_time_zone': m0018,
  '0019_own_results_before_a_coach': m0019,
};
