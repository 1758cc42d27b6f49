/** Words of the test store and the purchase hand-back pages (spec 02 §2 "Purchase callbacks"; DESIGN §7). */
export const SANDBOX_TEXT = {
  pageTitle: 'Test store checkout',
  bannerTitle: 'Test store: no real money',
  bannerBody:
    'This is Bloom’s built-in test store. Nothing is charged and no card details are asked for. Pressing Pay unlocks the plan as if it had been bought.',
  eyebrow: 'Checkout',
  orderTitle: 'Your order',
  itemDescription: 'Personal plan for your assessment: activities, intentions, affirmations, mindful practices and an action plan.',
  regularPrice: 'Regular price',
  total: 'Total today',
  pay: 'Pay',
  cancel: 'Cancel',
  payFailed: 'The payment could not be completed. Please try again.',
  missingSession: 'This checkout link is incomplete. Please start the purchase again from your plan.',
  notFound: 'We could not find this checkout. It may belong to another account, or the link may be mistyped.',
  signIn: 'Please log in to finish your purchase.',
  cancelledTitle: 'This checkout was cancelled',
  cancelledBody: 'Nothing was charged. You can start a new purchase from your plan at any time.',
  alreadyPaid: 'This checkout is already paid.',
  continue: 'Continue to my plan',
  /** After a refused Pay whose plan is open already (the server says why in its message). */
  toPlan: 'Go to my plan',
  backToPlan: 'Back to the plan',
  loadFailed: 'The checkout could not be loaded. Please try again.',
  tryAgain: 'Try again',
} as const;

/**
 * The return to the success address (PurchaseSuccessCallback's `status`): each state the server can
 * report short of an unlocked plan has its own words, title and way on.
 */
export const CALLBACK_TEXT = {
  /** The tab's title while the server asks the provider. */
  confirmingTitle: 'Confirming your payment',
  /** `processing`: the provider took the order but the money has not arrived (a bank debit takes days). */
  processingTitle: 'Your payment is being processed',
  processingBody:
    'Thank you for your order. Some payment methods, such as bank debits, take a few days. Your Positivity Plan unlocks as soon as your payment arrives; there is nothing more you need to do.',
  /** `mismatch`: money arrived that differs from the checkout (the server's payment_mismatch words, decision 0066). */
  mismatchTitle: 'Your payment needs a closer look',
  mismatchBody:
    'A payment for this plan arrived that does not match its checkout, so the plan was not unlocked and no second payment is asked for. Please contact us so we can sort it out.',
  /** The same, when the server names the support address (SUPPORT_EMAIL, decision 0072): the address is a mail link between the two parts. */
  mismatchContact: {
    before:
      'A payment for this plan arrived that does not match its checkout, so the plan was not unlocked and no second payment is asked for. Please write to ',
    after: ', quoting checkout reference {reference}, so we can sort it out.',
    mailSubject: 'Payment for checkout {reference}',
  },
  /** `not_paid`: the checkout was not paid (left without paying, expired, or a bank debit that failed). */
  notPaidTitle: 'Your payment did not go through',
  notPaidBody:
    'We have not received a payment for this checkout, so your Positivity Plan is still locked. You can try again from your plan page whenever you are ready.',
  toPlan: 'Try again from my plan',
  /** The call itself failed (the provider could not be reached, the network dropped). */
  failedTitle: 'We could not confirm your payment',
  successFailed: 'We could not confirm your payment just now. If you were charged, your plan will unlock shortly.',
  toDashboard: 'Go to my dashboard',
  tryAgain: 'Try again',
  missingTitle: 'Checkout reference missing',
  missingSession: 'This address is missing its checkout reference.',
} as const;
