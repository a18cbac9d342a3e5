import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { resetCart } from '../../features/cart/cart-store';
import { CheckoutEmpty, CheckoutSignIn } from '../../features/checkout/components/checkout-completed';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { useDelivery } from '../../features/delivery/delivery-store';
import { PaymentAuthentication } from '../../features/payments/components/payment-authentication';
import { PaymentModal } from '../../features/payments/components/payment-modal';
import { openModal } from '../../stores/modals';
import { useSessionUser } from '../../stores/session';
import type { CheckoutState } from '../../types/checkout-state';

function isCheckoutState(value: unknown): value is CheckoutState {
  const s = value as Partial<CheckoutState> | null;
  return Boolean(
    s &&
    typeof s === 'object' &&
    s.preset &&
    typeof s.preset.id === 'number' &&
    Array.isArray(s.checkoutData) &&
    (s.receivingMethod === 'delivery' || s.receivingMethod === 'pickup'),
  );
}

/**
 * /checkout (ordering-payments §2): the cart arrives in navigation state. Without it (a reload,
 * a bookmark: navigation state is not kept on the device, ordering-payments §3) there is
 * nothing to pay for, and the page says the cart is empty with a way home. This route composes
 * the checkout feature with the payment modal, the delivery details and the cart (cleared on success).
 */
export function Component() {
  const location = useLocation();
  const user = useSessionUser();
  const { info } = useDelivery();
  const state: unknown = location.state;

  if (!isCheckoutState(state)) return <CheckoutEmpty homeHref={paths.home.path} />;
  if (!user || !user.confirmed)
    return <CheckoutSignIn unconfirmed={Boolean(user)} onSignIn={() => openModal('signIn')} />;
  return (
    <CheckoutPage
      key={user.id}
      state={state}
      delivery={info}
      completedHref={paths.checkoutCompleted.path}
      onOrderPlaced={(presetId) => resetCart(presetId)}
      renderPaymentModal={(props) => <PaymentModal purpose="checkout" {...props} />}
      renderAuthentication={(props) => <PaymentAuthentication {...props} />}
    />
  );
}
