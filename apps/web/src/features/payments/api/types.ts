import type { PaymentConfigResponse, UserPaymentMethod as WireUserPaymentMethod } from '@caterway/contracts';
import type { Camelize } from '../../../types/catalogue';

// Saved payment methods as the app sees them (camelCased contracts, ordering-payments §3).
export type UserPaymentMethod = Camelize<WireUserPaymentMethod>;
export type PaymentProviderKind = PaymentConfig['provider'];

export type PaymentConfig = Camelize<PaymentConfigResponse>;

/** Bank accounts are acss_debit; everything else is listed as a card (ordering-payments §2 'Payments page'). */
export const isBankAccount = (method: Pick<UserPaymentMethod, 'paymentType'>) => method.paymentType === 'acss_debit';
