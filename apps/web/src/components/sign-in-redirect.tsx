import { useEffect, useEffectEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { openModal } from '../stores/modals';
import { useSessionUser } from '../stores/session';

// Pages for confirmed users (ordering-payments §2 'Edit catered order page'): a visitor is sent
// to / with state asking for the sign-in modal and the path to come back to; once a confirmed
// user is signed in there, SignInReturn takes them back.

export interface SignInRequest {
  signIn: true;
  returnTo: string;
}

const isSignInRequest = (state: unknown): state is SignInRequest =>
  Boolean(
    state &&
    typeof state === 'object' &&
    (state as SignInRequest).signIn === true &&
    typeof (state as SignInRequest).returnTo === 'string',
  );

/** Rendered by a guarded page instead of its content. */
export function SignInRedirect() {
  const location = useLocation();
  const state: SignInRequest = { signIn: true, returnTo: `${location.pathname}${location.search}` };
  return <Navigate to="/" replace state={state} />;
}

/** In the root layout: opens the sign-in modal when asked, and goes back after signing in. */
export function SignInReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const request = isSignInRequest(location.state) ? location.state : null;
  // once per arrival (location.key), not again when the session changes on the same page
  const askToSignIn = useEffectEvent(() => {
    if (request && !user) openModal('signIn');
  });
  useEffect(() => askToSignIn(), [location.key]);
  const goBack = useEffectEvent(() => {
    // only paths inside the app (a state cannot be forged from a link, but stay strict)
    if (request && user?.confirmed && request.returnTo.startsWith('/') && !request.returnTo.startsWith('//')) {
      void navigate(request.returnTo, { replace: true });
    }
  });
  const confirmed = user?.confirmed;
  useEffect(() => goBack(), [confirmed, location.key]);
  return null;
}
