/** Support contact shown in the verification-failed notice (browse-account-orders §8). */
export const SUPPORT_EMAIL = 'support@caterway.ca';
export const APP_NAME = 'Caterway';
