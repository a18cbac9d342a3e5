import type { ReactNode } from 'react';
import type { DeliveryRefusal } from '@caterway/contracts';
import type { CheckoutState } from '../../types/checkout-state';

// The checkout page's props and what the route composes into it (the payment modal and the
// 3-D Secure step of features/payments).

export type PaymentModel = 'card' | 'eft';

/** What the payment modal (features/payments, composed in by the route) hands back. */
export interface CheckoutPaymentChoice {
  model: PaymentModel;
  paymentMethodId: string;
  save: boolean;
  /** a new bank account's confirmed setup intent */
  setupIntentId?: string;
}

export interface CheckoutPaymentModalProps {
  model: PaymentModel;
  eftAllowed: boolean;
  billing: { name: string; email: string };
  onModelChange: (model: PaymentModel) => void;
  onClose: () => void;
  onComplete: (choice: CheckoutPaymentChoice) => Promise<void>;
  /** what the order charges as the server priced it: the button then says "Pay $1,231.98" */
  amountCents?: number;
}

/** The 3-D Secure step (features/payments, composed in by the route): done or cancelled. */
export interface CheckoutAuthenticationProps {
  clientSecret: string;
  amountCents: number;
  onDone: () => void;
  onCancel: () => void;
}

export interface CheckoutPageProps {
  state: CheckoutState;
  /** the delivery bar's details (browse-account-orders §3) */
  delivery: { address: string; lat: number | null; lng: number | null; deliveryDate: string; deliveryTime: string };
  renderPaymentModal: (props: CheckoutPaymentModalProps) => ReactNode;
  /** 3-D Secure: finalize answered requires_action; the payment is sent again once it is done */
  renderAuthentication: (props: CheckoutAuthenticationProps) => ReactNode;
  /** clears the cart of the preset (ordering-payments §4: on success the cart is cleared) */
  onOrderPlaced: (presetId: number) => void;
  completedHref: string;
  /**
   * /add_on_checkout (ordering-payments §2, §5, §7): the add-on draft made from My Orders, saved
   * with PUT .../{purchaseId}/update_addon_order; delivered with its parent (no address, date or
   * time to choose, no company required, no delivery fee); a total of 0 is 'Your cart is empty.'
   */
  addOn?: AddOnCheckout;
}

export interface AddOnCheckout {
  orderId: number;
  purchaseId: string;
  /** the parent's parentTokanizeLink, sent back as parent_token */
  parentToken?: string;
  parent: { date: string; time: string; address: string; address2: string; display: string };
  /** the draft's PO number and cost centre, if it has them (the form starts from them) */
  poNumber?: string;
  costCentre?: string;
}

/** ordering-payments §4: "The payment modal switches model 1 s after closing." */
export const MODEL_SWITCH_DELAY_MS = 1000;

/** What went wrong with a save, shown by the order's buttons. */
/** `refusal`: a refused delivery time's why and earliest time (decision 072), offered as one click */
export type Problem =
  { kind: 'messages'; messages: string[]; refusal?: DeliveryRefusal | null } | { kind: 'text'; text: string } | null;
