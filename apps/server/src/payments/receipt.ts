import { formatLongDate, formatPrice } from '@bloom/domain/format';
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
  const data: Record<string, string> = {
    amount: formatPrice(purchase.amount_cents, purchase.currency),
    purchaseDate: formatLongDate(isoNow()),
  };
  if (buyer.first_name) data.name = buyer.first_name;
  // The date the report and plan say the assessment was taken on (created_at), not when its last answer came.
  if (assessment) data.assessmentDate = formatLongDate(assessment.created_at);
  // A path: the mail renderer makes it absolute with APP_ORIGIN.
  if (purchase.assessment_id) data.link = `/PositivityPlan/${encodeURIComponent(purchase.assessment_id)}`;
  await enqueueMail(db, { to, template: 'plan-receipt', data });
}
