/**
 * The final-state schema: what the tables look like after every migration has run.
 * Migrations (./migrations) are history and never change once merged; this file is
 * the one place to read what the data looks like today.
 *
 * Portable types only, so the same migrations run on SQLite and PostgreSQL:
 * ids are text UUIDs, timestamps are ISO-8601 UTC text (sortable), booleans are
 * integers 0/1, and JSON documents are text.
 */
export interface UsersTable {
  id: string;
  /** OIDC issuer + subject identify a signed-in person; both null for guests. */
  issuer: string | null;
  subject: string | null;
  /** The sign-in e-mail, or "Guest". */
  user_name: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  is_guest: number;
  /** none | pending | approved: a coach account needs approval when COACH_SIGNUP=approval. */
  coach_status: string;
  /** A coach's clients are read in list order off the index on `coach_id, last_name, first_name, id, …` (coached rows only; migration 0013). */
  coach_id: string | null;
  group_id: string | null;
  research_opt_in: number;
  access_pre_granted: number;
  last_visited_route: string | null;
  referrer: string | null;
  /** Set when a guest account has been merged into a signed-in one. */
  merged_into: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database does not yield live cookies. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  idle_expires_at: string;
  absolute_expires_at: string;
}

export interface LoginTransactionsTable {
  /** SHA-256 of the OAuth `state`. */
  id: string;
  /** SHA-256 of the per-browser binding cookie. */
  browser_hash: string;
  flow: string;
  nonce: string;
  code_verifier: string;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface AssessmentsTable {
  id: string;
  user_id: string;
  is_ninety_item: number;
  coach_access_granted: number;
  /** Professional results open to their owner: a coach's release, or 1 from creation when the owner had no coach then (decision 0086, migration 0019). */
  client_access_granted: number;
  created_at: string;
  /** Every assessment is indexed by `user_id, created_at, id` with the coach list's columns and this one (migration 0017). */
  completed_at: string | null;
}

/** Primary key (assessment_id, question_guid); on SQLite a WITHOUT ROWID table, stored in that key's order (migration 0002). */
export interface ResponsesTable {
  assessment_id: string;
  question_guid: string;
  response: number;
  order_index: number;
  updated_at: string;
}

export interface LifeDataTable {
  assessment_id: string;
  relationship_status: string;
  parenting_status: string;
  employment_status: string;
  age: number;
  gender: string;
  income: string;
  stressful_events: string;
  updated_at: string;
}

export interface PurchasesTable {
  id: string;
  assessment_id: string | null;
  user_id: string | null;
  provider: string;
  /** The provider's checkout/session id; unique so fulfilment is idempotent. */
  provider_ref: string;
  amount_cents: number;
  currency: string;
  /** Every write names one of these (payments/purchases.ts); the column is plain text. */
  status: 'pending' | 'paid' | 'fulfilled' | 'cancelled';
  created_at: string;
  fulfilled_at: string | null;
  /** The buyer's IANA time zone, which the receipt dates in; null when not known (then UTC). Migration 0018. */
  time_zone: string | null;
}

export interface OrganizationsTable {
  id: string;
  coach_id: string;
  name: string;
  created_at: string;
}

export interface GroupsTable {
  id: string;
  organization_id: string;
  name: string;
  created_at: string;
}

export interface ConsentsTable {
  id: string;
  user_id: string;
  /** research | coach_access | client_access | pre_grant */
  kind: string;
  subject_id: string | null;
  granted_at: string;
  revoked_at: string | null;
  /** Who gave it: the person, or (client_access) their coach; null when not recorded or that account is gone. */
  granted_by: string | null;
  /** Who withdrew it: the person, or the coach (removing a client, ending a pre-grant); null when nobody acted or not recorded. */
  revoked_by: string | null;
  /** coach_access: the coach the assessment was shared with; null for other kinds, or not recorded (before migration 0015). */
  coach_id: string | null;
}

/**
 * A coach's "Grant all?" is a request until the client answers it (decision 0020): one per
 * client, for their current coach. Confirming removes it and opens a pre_grant consent.
 */
export interface PreGrantRequestsTable {
  id: string;
  client_id: string;
  coach_id: string;
  /** requested | declined */
  status: string;
  requested_at: string;
  answered_at: string | null;
}

export interface IdentityAccountsTable {
  id: string;
  email: string;
  password_hash: string;
  given_name: string;
  family_name: string;
  created_at: string;
  /** When the address was confirmed by a link mailed to it; null until then (migration 0007). */
  email_verified_at: string | null;
}

/**
 * A link Bloom mailed for an embedded-provider account (migration 0007, idp/account-tokens.ts):
 * confirm the address, reset the password, or confirm a new address. Random, stored hashed,
 * single use, short-lived.
 */
export interface AccountTokensTable {
  /** SHA-256 of the token in the link: a copy of the database yields no working link. */
  id: string;
  account_id: string;
  /** verify-email | reset-password | change-email */
  purpose: string;
  /** The address the link was sent to (for change-email: the new address). */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OidcStoreTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface NormSnapshotsTable {
  id: string;
  computed_at: string;
  population_size: number;
  payload: string;
}

/** Coaches an admin has vetted: only their coaching includes a client's Professional plan (migration 0004). */
export interface CoachVettingsTable {
  coach_id: string;
  vetted_at: string;
  /** The admin who vetted; null once that account is deleted. */
  vetted_by: string | null;
}

/** Outgoing mail, queued in the writer's transaction and sent after its commit (migration 0006, mail/). */
export interface MailOutboxTable {
  id: string;
  /** Found case-insensitively, by the index on `lower(recipient), created_at, id` (migration 0011, mail/outbox.ts `mailToAddress`). */
  recipient: string;
  /** One of mail/templates.ts's `MailTemplate` names. */
  template: string;
  /** The template's values as a JSON object of strings; '{}' once sent (links carry tokens). */
  data: string;
  created_at: string;
  /** Sending attempts so far (a claim counts as one). */
  attempts: number;
  /** When the row is next due; a claimed row is pushed ahead by the dispatcher's lease. */
  next_attempt_at: string;
  /** When the row left the queue: sent, or given up (a permanent refusal, or 3 days of failures; `last_error` says which, decision 0083). */
  sent_at: string | null;
  /** The last failure's message, for operators; never the message body. */
  last_error: string | null;
}

/**
 * A coach's invitation to become their client (migration 0008, coaching/invitations.ts,
 * decision 0030). Random token, stored hashed; 14 days; accepted once; deleted when withdrawn.
 */
export interface CoachInvitationsTable {
  id: string;
  coach_id: string;
  /** SHA-256 of the token in the link: a copy of the database yields no working link. */
  token_hash: string;
  /** The invited address, lower-cased. */
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** Where the person is placed on accepting; both null: an independent client. */
  organization_id: string | null;
  group_id: string | null;
  created_at: string;
  /** The latest mail (a resend replaces the token); `expires_at` is 14 days after it. */
  sent_at: string;
  expires_at: string;
  accepted_at: string | null;
  /** The account that accepted (it need not have the invited address: the token is the proof). */
  accepted_by: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_transactions: LoginTransactionsTable;
  assessments: AssessmentsTable;
  responses: ResponsesTable;
  life_data: LifeDataTable;
  purchases: PurchasesTable;
  organizations: OrganizationsTable;
  groups: GroupsTable;
  consents: ConsentsTable;
  identity_accounts: IdentityAccountsTable;
  account_tokens: AccountTokensTable;
  oidc_store: OidcStoreTable;
  app_secrets: AppSecretsTable;
  rate_limits: RateLimitsTable;
  norm_snapshots: NormSnapshotsTable;
  coach_vettings: CoachVettingsTable;
  pre_grant_requests: PreGrantRequestsTable;
  mail_outbox: MailOutboxTable;
  coach_invitations: CoachInvitationsTable;
}
