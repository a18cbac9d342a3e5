import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '@caterway/domain';
import { paths } from '../../config/paths';
import { SUPPORT_EMAIL } from '../../config/app';
import { openModal } from '../../stores/modals';
import { notify, TOAST_DURATION } from '../../stores/notifications';
import { AddressSearchForm } from '../../features/delivery/components/address-search-form';

/**
 * Home for now: the hero with the address form. The full landing page (carousels, how it
 * works, testimonials) comes with the browse issue.
 */
export function HomePage() {
  const navigate = useNavigate();
  useVerificationNotice();
  return (
    <section className="hero">
      <div className="container hero-inner">
        <p className="eyebrow">Office catering, Canada &amp; US</p>
        <h1>Office catering for your team</h1>
        <p className="hero-lead">
          Order from local restaurants and ready-made menus for meetings, lunches and events. Tell us where to deliver and we will show
          what is available.
        </p>
        <AddressSearchForm onDone={() => void navigate(paths.browseRestaurants.path)} />
      </div>
    </section>
  );
}

/**
 * Reads confirmed=ok|failed and name from the verification link (browse-account-orders §4,
 * §8), shows the notice once, and drops those parameters from the address bar.
 */
function useVerificationNotice() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  useEffect(() => {
    const confirmed = params.get('confirmed');
    if (shown.current || (confirmed !== 'ok' && confirmed !== 'failed')) return;
    shown.current = true;
    const name = params.get('name')?.trim();
    if (confirmed === 'ok') {
      notify({ tone: 'success', title: name ? `Welcome, ${name}!` : 'Welcome!', message: messages.accountVerified, duration: TOAST_DURATION.default });
      openModal('signIn');
    } else {
      notify({ tone: 'error', message: messages.accountVerificationFailed(SUPPORT_EMAIL), duration: TOAST_DURATION.veryLong });
    }
    const next = new URLSearchParams(params);
    next.delete('confirmed');
    next.delete('name');
    setParams(next, { replace: true });
  }, [params, setParams]);
}

export const Component = HomePage;
