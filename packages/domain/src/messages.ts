// Every user-facing message of the product documents, typed once.
// Sources: ../shared/spec/browse-account-orders.md §5, §8 and ordering-payments.md §5, §8.
export const messages = {
  required: 'Please fill in the required field.',
  invalidEmail: 'Invalid email address',
  nonNegativeInteger: 'Please select non negative integer.',
  tooBroad: 'Your search is too broad, please enter in a street address.',
  passwordsMustMatch: 'Passwords must match',
  bothPasswordsSame: 'Both password need to be the same',
  invalidLink: 'Invalid link',
  signInFailed: 'Invalid Information. Please try again.',
  confirmEmail: 'Please confirm your email address.',
  loggedOutInactivity: 'You are logged out because of inactivity. Please login again!',
  successfullyUpdated: 'Successfully updated!',
  genericFailure: 'Sorry, we are not able to process your request now. Please try again later.',
  accountVerified: 'Your account has been verified. Please log in.',
  accountVerificationFailed: (supportEmail: string) =>
    `Your account verification didn't work. Please contact us at ${supportEmail} and we're Happy to help!`,
  notFoundPage: 'Oops! Page Not found.',
  invalidDate: 'Please select valid date.',
  pleaseSignInToCheckout: 'Please Sign In to CheckOut.',
  // Restaurant / preset detail and the demo form (browse-account-orders §5, §8; ordering-payments §2, §8):
  orderedTimes: (n: number) => `Ordered ${n} times`,
  storeHoursNotAvailable: 'Store hours not available',
  currentlyOpen: 'Currently Open',
  currentlyClosed: 'Currently Closed',
  urlCopied: 'URL Copied!',
  presetNotFound: 'Preset not found',
  selectOneOption: 'Please select one of the options below',
  verifyHuman: 'Please verify if you are human.',
  demoRequestSent: 'Your message was successfully sent! One of our experts will be in contact with you shortly',
  // Our own wording where the spec is silent:
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordNeedsLetterAndNumber: 'Password must include a letter and a number',
  emailTaken: 'Email has already been taken',
  addressNotFound: 'We could not find that address. Please choose a street address from the suggestions.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset your password. Please check your email.',
  resetLinkExpired: 'This reset link has expired or was already used. Please request a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a while and try again.',
  confirmationResent: 'If your account still needs confirming, we have sent a new confirmation link. Please check your email.',
  notAuthorized: 'Not authorized',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  internalError: 'Something went wrong on our side. Please try again.',
  // Availability of a restaurant for a delivery (ordering-payments §5 'Opening hours', §8 'Lead time';
  // browse-account-orders §2 store-hours modal). Times are formatted by formatStoreTime.
  storeClosedOnDay: 'Store is closed on this day!',
  outsideStoreHours: (open: string, close: string) => `This restaurant accepts orders between ( ${open} - ${close} ) on selected day!`,
  leadTimeNotMet: (hours: number) =>
    `This preset requires ${hours} hours notice, please select a delivery date and time that meets the minimum lead time`,
  // Our own wording (catalogue reads):
  invalidTime: 'Please select valid time.',
} as const;

/** Password rules shared by the sign-up and reset forms and the API. Returns messages; empty when valid. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push(messages.passwordTooShort);
  if (password.length > 128) problems.push(messages.passwordTooLong);
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) problems.push(messages.passwordNeedsLetterAndNumber);
  return problems;
}
