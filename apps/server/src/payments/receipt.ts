import { formatLongDate, formatPrice } from '@bloom/domain/format';
import type { Db } from '../db/handle';
import { isoNow } from '../lib/time';
import { enqueueMail } from '../mail/index';
import type { PurchaseRow } from './purchases';

/**
 * Queues the buyer's receipt (issue 25 §5, DESIGN.md §12): the amount, the assessment's date and
 * the link to the plan. Called in the transaction of the update that fulfilled the purchase, so
 * a purchase gets one receipt however many confirmations arrive. A buyer without an e-mail
 * address (none on record) gets none.
 */
export async function enqueuePlanReceipt(db: Db, purchase: PurchaseRow): Promise<void> {
  if (!purchase.user_id) return;
  const buyer = await db.selectFrom('users').select(['email', 'first_name']).where('id', '=', purchase.user_id).executeTakeFirst();
  if (!buyer?.email) return;
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
  await enqueueMail(db, { to: buyer.email, template: 'plan-receipt', data });
}
