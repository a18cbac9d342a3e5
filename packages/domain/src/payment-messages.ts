// The payment methods' messages (ordering-payments §7 and our own wording where the spec only
// states the rule), apart from messages.ts: the payments page and modal load them, and the key
// pages' first JavaScript (decision 014's budget) does not.
export const paymentMessages = {
  cardAdditionErrorTitle: 'Card Addition Error!',
  noCreditCards: 'No Credit Card(s) Found. Please add a one by clicking Add New Method.',
  noBankAccounts: 'No Bank Account(s) Found. Please add a one by clicking Add New Method.',
  noPaymentMethods: "There doesn't seem to be any saved cards or bank accounts here...",
  noPaymentMethodsHint: "Why don't you add one to make checking out faster.",
  // Our own wording where the spec only states the rule:
  cardNumberIncorrect: 'Your card number is incorrect.',
  cardExpiryInvalid: 'Please enter a valid expiry date (MM/YY).',
  cardExpiryPast: 'Your card has expired.',
  cardCvcInvalid: 'Your card\u2019s security code is invalid.',
  padMandateRequired: 'Please accept the pre-authorized debit agreement to continue.',
  institutionNumberInvalid: 'Institution number is 3 digits.',
  transitNumberInvalid: 'Transit number is 5 digits.',
  accountNumberInvalid: 'Account number is 7 to 12 digits.',
  stripeNotConfigured:
    'Card payments through Stripe could not be loaded. Check the Stripe publishable key and that js.stripe.com is reachable, or use the built-in sandbox provider.',
  paymentMethodSetDefault: 'Default payment method updated.',
  paymentMethodDeleted: 'Payment method deleted.',
  paymentMethodAdded: 'Payment method added.',
} as const;
