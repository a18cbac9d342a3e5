import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { messages } from '@caterway/domain';
import { SignInRedirect } from '../../components/sign-in-redirect';
import { paths } from '../../config/paths';
import { useCateringOrder } from '../../features/checkout/api/catering-order-detail';
import { EditOrderPage } from '../../features/order-edit/components/edit-order-page';
import { presetQueryOptions } from '../../features/preset-detail/api/get-preset';
import { isApiError } from '../../lib/api-client';
import { useSessionUser } from '../../stores/session';
import '../../features/cart/components/cart.css';
import '../../features/checkout/components/checkout.css';

// /chefs/{presetSlug}/{orderId}: the edit page (features/order-edit) once the order and its
// preset are loaded, for the signed-in owner of the order.

export function Component() {
  const { orderId = '' } = useParams();
  const user = useSessionUser();
  // Not signed in and confirmed: / with the sign-in modal and the way back (ordering-payments §2).
  if (!user || !user.confirmed) return <SignInRedirect />;
  return <EditOrderLoader key={`${user.id}-${orderId}`} orderId={/^\d+$/.test(orderId) ? Number(orderId) : NaN} />;
}

function EditOrderLoader({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const order = useCateringOrder(orderId, valid);
  const presetId = order.data?.presetId ?? null;
  const preset = useQuery({ ...presetQueryOptions(String(presetId ?? '')), enabled: presetId !== null });
  // ordering-payments §8: an order load error other than 'Not authorized' goes to /error. An
  // unknown id and another user's order both answer 404 (no hint that it exists): /error too.
  // 'Not authorized' (401) signs the user out; the guard above then asks them to sign in.
  const notAuthorized = order.isError && isApiError(order.error) && order.error.status === 401;
  const failed = !valid || (order.isError && !notAuthorized) || (order.data && order.data.presetId === null);
  useEffect(() => {
    if (failed) void navigate(paths.error.path, { replace: true });
  }, [failed, navigate]);

  if (order.data && preset.data) return <EditOrderPage order={order.data} preset={preset.data} />;
  if (preset.isError) {
    return (
      <section className="container page">
        <h1>We could not load this menu</h1>
        <p role="alert">{messages.genericFailure}</p>
      </section>
    );
  }
  return (
    <div className="container page" role="status">
      <span className="spinner" aria-hidden="true" /> Loading your order…
    </div>
  );
}
