import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { isAddOnCheckoutState } from '../../features/checkout/add-on-state';
import { CheckoutEmpty, CheckoutSignIn } from '../../features/checkout/components/checkout-completed';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { useDelivery } from '../../features/delivery/delivery-store';
import { PaymentAuthentication } from '../../features/payments/components/payment-authentication';
import { PaymentModal } from '../../features/payments/components/payment-modal';
import { openModal } from '../../stores/modals';
import { useSessionUser } from '../../stores/session';

/**
 * /add_on_checkout: the same checkout screen for an add-on order: saved with update_addon_order,
 * no address or company required, no delivery fee, a total of 0 refused ('Your cart is empty.').
 * Without its navigation state (a reload) there is nothing to pay for; a visitor is asked to
 * sign in to pay (ordering-payments §6).
 */
export function Component() {
  const location = useLocation();
  const user = useSessionUser();
  const { info } = useDelivery();
  const state: unknown = location.state;
  if (!isAddOnCheckoutState(state)) return <CheckoutEmpty homeHref={paths.home.path} />;
  if (!user || !user.confirmed)
    return <CheckoutSignIn unconfirmed={Boolean(user)} onSignIn={() => openModal('signIn')} />;
  return (
    <CheckoutPage
      key={`${user.id}-${state.addOn.orderId}`}
      state={state}
      delivery={info}
      addOn={{ ...state.addOn, parentToken: state.parentToken }}
      completedHref={paths.checkoutCompleted.path}
      onOrderPlaced={() => undefined}
      renderPaymentModal={(props) => <PaymentModal purpose="checkout" {...props} />}
      renderAuthentication={(props) => <PaymentAuthentication {...props} />}
    />
  );
}
