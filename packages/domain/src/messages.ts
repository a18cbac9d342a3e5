/** The banner both sites show on every page while site_config.test_mode is true (issue 15; its look: contracts' test-mode-banner.css). */
export const TEST_MODE_NOTICE = 'Test mode — no card is charged';

// Every user-facing message of the product documents, typed once.
// Sources: docs/spec/browse-account-orders.md §5, §8 and docs/spec/ordering-payments.md §5, §8.
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
  passwordHasContext:
    'Password must not contain "Caterway" or the part of your email address before the @. Please choose another one.',
  passwordTooCommon: 'This password is on a list of common or breached passwords. Please choose another one.',
  currentPasswordRequired: 'Please enter your current password to set a new one.',
  currentPasswordWrong: 'Your current password is not correct. Nothing was changed.',
  signUpCheckEmail: 'Please check your email: we sent you a message to finish signing up.',
  signInBackoff: (seconds: number) =>
    `Too many failed sign-in attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`,
  emailTaken: 'Email has already been taken',
  addressNotFound: 'We could not find that address. Please choose a street address from the suggestions.',
  resetRequested:
    'If an account exists for that email, we have sent a link to reset your password. Please check your email.',
  resetLinkExpired: 'This reset link has expired or was already used. Please request a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a while and try again.',
  confirmationResent:
    'If your account still needs confirming, we have sent a new confirmation link. Please check your email.',
  notAuthorized: 'Not authorized',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  paymentProviderUnavailable:
    'The payment provider did not answer in time. Please try again in a moment; you will not be charged twice.',
  internalError: 'Something went wrong on our side. Please try again.',
  // Availability of a restaurant for a delivery (ordering-payments §5 'Opening hours', §8 'Lead time';
  // browse-account-orders §2 store-hours modal). Times are formatted by formatStoreTime.
  storeClosedOnDay: 'Store is closed on this day!',
  outsideStoreHours: (open: string, close: string) =>
    `This restaurant accepts orders between ( ${open} - ${close} ) on selected day!`,
  /** `dish`: a dish whose own lead time (decision 052) is longer than its restaurant's notice */
  leadTimeNotMet: (hours: number, dish = 'This preset') =>
    `${dish} requires ${hours} hours notice, please select a delivery date and time that meets the minimum lead time`,
  // Our own wording (catalogue reads):
  invalidTime: 'Please select valid time.',
  // Our own wording (issue 15: the spec sets no horizon; orders are planned weeks, not years, ahead):
  tooFarAhead: (days: number, lastDate: string) =>
    `Orders can be placed at most ${days} days ahead. Please select a delivery date on or before ${lastDate}.`,
  sidesNeedDish: (dish: string) =>
    `${dish}: sides and options need at least one of the dish. Please set its quantity or remove the sides.`,
  sidesExceedDish: (dish: string, item: string, itemQuantity: number, dishQuantity: number) =>
    `${dish}: ${item} (${itemQuantity}) cannot be more than the dish quantity (${dishQuantity}). Please lower it or add more of the dish.`,
  // Cart and checkout rules (ordering-payments §5 'Quantity editor', 'Serving name', 'Vendor minimum',
  // 'Add-on limit', 'Empty order'; §8). Amounts arrive formatted by formatCents ('$250.00').
  minimumPerItemNotMet: (n: number) =>
    `Minimum order amount of ${n} per item not met. Please increase quantity and continue.`,
  userNameRequired: 'User name is required.',
  servingQuantityPositive: 'Quantity must be greater than 0.',
  chefMinimumNotMet: (amount: string, chefName: string) =>
    `Minimum ${amount} order not met for ${chefName}. Please add additional items or increase quantity and continue.`,
  noItems: 'No Items: At least one item is required in your order.',
  noItemsTitle: 'No Items',
  cartEmpty: 'Your cart is empty.',
  // our own wording: the spec sets no ceiling, the database's 32-bit amounts do (issue 7 fuzzing)
  orderTooLarge: (amount: string) => `An order cannot total more than ${amount}. Please contact us for larger orders.`,
  addOnLimit: (n: number) => `You cannot add more than ${n} items.`,
  orderRequestFailed: 'Something went wrong in processing your request. Please verify the details and try again.',
  // Our own wording where the spec only states the rule (ordering-payments §5):
  servingExceedsQuantity: (assigned: number, quantity: number) =>
    `Assigned quantity (${assigned}) cannot exceed the item's quantity (${quantity}).`,
  presetMinimumNotMet: (amount: string) =>
    `Minimum order of ${amount} (including delivery and tax) not met. Please add additional items or increase quantity and continue.`,
  notDeliverable: 'This restaurant does not deliver to this address. Please choose a closer address or pickup.',
  /** the tax table has no rate for the address (a US city whose local sales tax is not set up): refuse rather than guess (issue 17) */
  taxNotSetUp:
    'We cannot charge the right sales tax for this address yet. Please choose another address or pickup, or contact us.',
  // our own wording (issue 16 item 17): the order payload's deliveryFee (§3) differs from the server's quote
  deliveryFeeChanged: (amount: string) =>
    `The delivery fee has changed to ${amount}. Please review your order and try again.`,
  // Checkout, card and EFT modals, payments page (ordering-payments §2 'Payments page', §4, §6, §8):
  orderSubmittedTitle: 'Thank you! Your order has been submitted',
  orderSubmittedSubtitle: 'You will receive a response shortly!',
  pleaseSignInToPay: 'Please Sign In to Pay.',
  // Cart on the restaurant and preset pages (ordering-payments §2, §4, §6, §8, browse-account-orders §9):
  confirmResetPreset: 'Are you sure you want to reset the preset?',
  confirmRemoveItem: 'Are you sure you want to remove this item from your order?',
  itemRemoved: 'Item removed!',
  itemRemovedHint: 'If you want to add it back, please check additional items.',
  itemAdded: 'Item added!',
  itemAddedHint: 'Please check the additional items category.',
  cartSavedAt: (time: string) => `~~ [ Saved @ ${time} ]`,
  addedToFavorites: 'Added to your Favorites',
  removedFromFavorites: 'Removed from your Favorites',
  presetSaved: 'Preset Saved!',
  pleaseSignInToSave: 'Please Sign In to Save the CheckOut.',
  priceHelp: 'The total includes tax and delivery and is the final charge to the card.',
  // Our own wording (menu-suggestion bot, ordering-payments §4; the spec names only its states):
  suggestionPreparing: 'Preparing your suggestion…',
  suggestionTooltip: 'Need help choosing? Ask for a menu suggestion.',
  pleaseSignInToFavorite: 'Please Sign In to add Favorites.',
  pleaseSignInToGroupOrder: 'Please Sign In to create a Group Order.',
  // Add-on orders (ordering-payments §2 'Add-on order page'; issue 5 item 5):
  addOnCreateFailed: 'Sorry, we are not able to create the add on order. Please try again later.',
  addOnParentDelivered: (when: string) => `Cannot be proceed! This order has already been delivered at ${when}`,
  vendorAddOnNotice: 'This Vendor Requires 1 Hour Notice',
} as const;

/** Password length, counted in characters (code points, so an emoji is one), per NIST SP 800-63B-4. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Email local parts shorter than this are too common a substring to refuse (e.g. "jo"). */
const MIN_CONTEXT_WORD = 4;

/**
 * The words a password must not contain: the product's name and the part of the person's email
 * before the @ (NIST SP 800-63B-4 §3.1.1.2 context-specific words), lowercased.
 */
export function passwordContextWords(email?: string): string[] {
  const words = ['caterway'];
  const local = email?.trim().toLowerCase().split('@')[0] ?? '';
  if ([...local].length >= MIN_CONTEXT_WORD) words.push(local);
  return words;
}

/**
 * Password rules shared by the sign-up, reset and account forms and the API (docs/decisions/029):
 * 8 to 128 characters, any characters (spaces and Unicode too), no composition rules, and no
 * context word. The list of breached passwords is the API's (too large for the browser).
 * Returns messages; empty when valid.
 */
export function passwordProblems(password: string, context: { email?: string } = {}): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push(messages.passwordTooShort);
  if (length > PASSWORD_MAX_LENGTH) problems.push(messages.passwordTooLong);
  const lower = password.toLowerCase();
  if (length > 0 && passwordContextWords(context.email).some((word) => lower.includes(word)))
    problems.push(messages.passwordHasContext);
  return problems;
}
