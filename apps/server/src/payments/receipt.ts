import { formatPrice } from '@bloom/domain/format';
import { EMBEDDED_ISSUER_KEY } from '../auth/relying-party';
import type { Db } from '../db/handle';
import { isoNow } from '../lib/time';
import { enqueueMail } from '../mail/index';
import type { PurchaseRow } from './purchases';

/**
 * Queues the buyer's receipt (issue 25 §5, DESIGN.md §12): the amount, the assessment's date and
 * the link to the plan. Called in the transaction of the update that fulfilled the purchase, so
 * a purchase gets one receipt however many confirmations arrive.
 *
 * It goes to the buyer's confirmed address (`users.email`). A member of Bloom's own provider who
 * has not confirmed theirs yet gets it at the address they signed up with
 * (`identity_accounts.email`), where the provider's own mail about the account goes too
 * (decision 0028): "A paid plan sends a receipt". Never to a new address still waiting for its
 * link, which may be someone else's. A buyer with no address at all gets none.
 */
export async function enqueuePlanReceipt(db: Db, purchase: PurchaseRow): Promise<void> {
  if (!purchase.user_id) return;
  const buyer = await db
    .selectFrom('users')
    .leftJoin('identity_accounts', (join) => join.onRef('identity_accounts.id', '=', 'users.subject').on('users.issuer', '=', EMBEDDED_ISSUER_KEY))
    .select(['users.email', 'users.first_name', 'identity_accounts.email as sign_up_email'])
    .where('users.id', '=', purchase.user_id)
    .executeTakeFirst();
  const to = buyer?.email ?? buyer?.sign_up_email;
  if (!buyer || !to) return;
  const assessment = purchase.assessment_id
    ? await db.selectFrom('assessments').select(['created_at']).where('id', '=', purchase.assessment_id).executeTakeFirst()
    : undefined;
  const receiptDate = receiptDateIn(knownTimeZone(purchase.time_zone));
  const data: Record<string, string> = {
    amount: formatPrice(purchase.amount_cents, purchase.currency),
    purchaseDate: receiptDate(isoNow()),
  };
  if (buyer.first_name) data.name = buyer.first_name;
  // The date the plan says the assessment was taken on (created_at), not when its last answer came.
  if (assessment) data.assessmentDate = receiptDate(assessment.created_at);
  // A path: the mail renderer makes it absolute with APP_ORIGIN.
  if (purchase.assessment_id) data.link = `/PositivityPlan/${encodeURIComponent(purchase.assessment_id)}`;
  await enqueueMail(db, { to, template: 'plan-receipt', data });
}

/** Every IANA zone this server's Intl knows, by its canonical name. */
let knownZones: ReadonlySet<string> | undefined;

/**
 * The buyer's time zone as sent by the browser (`Intl.DateTimeFormat().resolvedOptions().timeZone`
 * on the GetPurchaseUrl call), by the name this server's Intl gives it, or null when it is none of
 * `Intl.supportedValuesOf('timeZone')` (nor UTC): missing, made up, or an offset such as "+05:00".
 * An alias a browser may report ("Asia/Kolkata", "US/Pacific") is resolved first, as the list
 * holds one name per zone.
 */
export function knownTimeZone(value: string | null | undefined): string | null {
  if (!value) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  knownZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return resolved === 'UTC' || knownZones.has(resolved) ? resolved : null;
}

/**
 * "March 7, 2026": spec 01 §9's long date, in the buyer's zone (UTC's too, for a browser set to
 * UTC), so the receipt names the day the plan page it links to (and the dashboard) shows; with no
 * zone known, UTC's day, which the mail says, as mail dates do (idp/recovery.ts mailDate):
 * "March 8, 2026 (UTC)".
 */
function receiptDateIn(timeZone: string | null): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: timeZone ?? 'UTC' });
  return (iso) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    return timeZone ? format.format(date) : `${format.format(date)} (UTC)`;
  };
}
