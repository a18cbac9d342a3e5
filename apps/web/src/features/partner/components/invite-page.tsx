import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { isBlank, messages, passwordProblems } from '@caterway/domain';
import { Button, ErrorList, Loading, TextField } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { openModal } from '../../../stores/modals';
import { notifySuccess } from '../../../stores/notifications';
import { useSessionUser } from '../../../stores/session';
import { signIn } from '../../auth/api/sign-in';
import { useSignOut } from '../../auth/api/sign-out';
import { PASSWORD_HINT } from '../../auth/sign-up-validation';
import { useAcceptInvite, useInviteLookup } from '../api/invites';
import type { PartnerInviteLookup } from '../api/types';
import { portalPaths } from '../portal-paths';
import { errorMessages, usePortalTitle } from './portal-common';
import './partner.css';

/** The invitation's token from the address's fragment (#token=...), which no server or log sees. */
export function readInviteToken(hash: string = window.location.hash): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : null;
}

/** Takes the fragment out of the address bar: no history entry, bookmark or screenshot keeps the token. */
function clearAddressFragment() {
  if (!window.location.hash) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/** A link that is used, expired or retired answers 404, 409 or 410 with its message. */
const isDeadLink = (error: unknown) => isApiError(error) && [404, 409, 410].includes(error.status);

const roleNoun = { owner: 'owner', manager: 'manager', staff: 'staff' } as const;

/**
 * /partner/invite#token=...: an invitation to a restaurant's team (issue 19, decision 047). The
 * page reads the token, takes it out of the address bar and looks it up. A new email sets its
 * name and password (the customers' sign-up rules and messages); an email with an account signs
 * in as it, then accepts. Accepted, the person lands on /partner.
 */
export function InvitePage() {
  const [token, setToken] = useState(readInviteToken);
  useEffect(() => {
    clearAddressFragment();
    // another link opened in this tab changes only the fragment: no new page load
    const onHashChange = () => {
      const next = readInviteToken();
      if (next === null) return;
      setToken(next);
      clearAddressFragment();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  const lookup = useInviteLookup(token);
  usePortalTitle(lookup.data ? `Join ${lookup.data.restaurantName}` : 'Your invitation');

  if (token === null) {
    return (
      <InvitePanel title="This invitation link is incomplete">
        <p>Open the link in your invitation email again; it carries what this page needs.</p>
        <p className="muted">If it still does not work, ask your restaurant&rsquo;s owner or manager for a new one.</p>
      </InvitePanel>
    );
  }
  if (lookup.isPending) {
    return (
      <section className="container page partner-page page-loading">
        <Loading label="Checking your invitation…" />
      </section>
    );
  }
  if (lookup.isError) {
    return isDeadLink(lookup.error) ? (
      <InvitePanel title="This invitation cannot be used">
        <p>{errorMessages(lookup.error).join(' ')}</p>
        <p className="muted">Ask your restaurant&rsquo;s owner or manager to send you a new invitation.</p>
        <Link className="btn btn-secondary" to={portalPaths.home}>
          Go to the restaurant portal
        </Link>
      </InvitePanel>
    ) : (
      <InvitePanel title="We could not check your invitation">
        <p>{errorMessages(lookup.error).join(' ')}</p>
        <Button onClick={() => void lookup.refetch()}>Try again</Button>
      </InvitePanel>
    );
  }
  const invite = lookup.data;
  return (
    <InvitePanel title={`Join ${invite.restaurantName} as ${roleNoun[invite.role]}`}>
      <p>
        This invitation is for <strong className="partner-email">{invite.email}</strong>.
      </p>
      {invite.accountExists ? (
        <ExistingAccount key={token} token={token} invite={invite} />
      ) : (
        <NewAccountForm key={token} token={token} invite={invite} />
      )}
    </InvitePanel>
  );
}

function InvitePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container page partner-page" aria-labelledby="partner-invite-title">
      <div className="partner-panel partner-invite">
        <p className="eyebrow">Caterway for restaurants</p>
        <h1 id="partner-invite-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}

function useAccepted() {
  const navigate = useNavigate();
  return (message: string) => {
    notifySuccess(message);
    void navigate(portalPaths.home, { replace: true });
  };
}

type Field = 'firstName' | 'lastName' | 'password' | 'passwordConfirmation';

/** A new account: its names and password, with the storefront sign-up's rules and messages. */
function NewAccountForm({ token, invite }: { token: string; invite: PartnerInviteLookup }) {
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: '',
    lastName: '',
    password: '',
    passwordConfirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [signingIn, setSigningIn] = useState(false);
  const accept = useAcceptInvite();
  const accepted = useAccepted();

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (isBlank(values.firstName)) found.firstName = messages.required;
    if (isBlank(values.lastName)) found.lastName = messages.required;
    if (isBlank(values.password)) found.password = messages.required;
    else {
      const problems = passwordProblems(values.password, { email: invite.email });
      if (problems.length > 0) found.password = problems.join('. ');
    }
    if (values.passwordConfirmation !== values.password) found.passwordConfirmation = messages.passwordsMustMatch;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('.partner-invite [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    accept.mutate(
      {
        token,
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
        password: values.password,
      },
      {
        // the account is made and confirmed by the link: sign in with it, so /partner opens on the restaurant
        onSuccess: (answer) => {
          setSigningIn(true);
          void signIn({ email: invite.email, password: values.password })
            .catch(() => undefined)
            .then(() => accepted(answer.message));
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">Choose your name and a password to make your Caterway account.</p>
      <div className="form-row">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          value={values.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          value={values.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
      </div>
      {/* the email the account gets, for the browser's password manager */}
      <input type="email" name="email" autoComplete="username" value={invite.email} readOnly hidden />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        value={values.password}
        error={errors.password}
        onChange={set('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        name="passwordConfirmation"
        autoComplete="new-password"
        required
        value={values.passwordConfirmation}
        error={errors.passwordConfirmation}
        onChange={set('passwordConfirmation')}
      />
      {accept.isError ? <ErrorList messages={errorMessages(accept.error)} /> : null}
      <Button type="submit" block busy={accept.isPending || signingIn}>
        Create my account and join
      </Button>
    </form>
  );
}

/** An email with an account: sign in as it (the storefront's sign-in dialog), then accept. */
function ExistingAccount({ token, invite }: { token: string; invite: PartnerInviteLookup }) {
  const user = useSessionUser();
  const accept = useAcceptInvite();
  const signOut = useSignOut();
  const accepted = useAccepted();

  if (!user) {
    return (
      <div className="form">
        <p>
          You already have a Caterway account. Sign in as <strong className="partner-email">{invite.email}</strong> to
          accept the invitation.
        </p>
        <Button block onClick={() => openModal('signIn')}>
          Sign In
        </Button>
      </div>
    );
  }
  if (user.email.toLowerCase() !== invite.email.toLowerCase()) {
    return (
      <div className="form">
        <p className="form-alert" role="alert">
          You are signed in as <span className="partner-email">{user.email}</span>. Sign out, then sign in as{' '}
          <span className="partner-email">{invite.email}</span> to accept.
        </p>
        <Button
          block
          variant="secondary"
          busy={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSettled: () => openModal('signIn') })}
        >
          Sign out and sign in as {invite.email}
        </Button>
      </div>
    );
  }
  return (
    <div className="form">
      <p>
        You are signed in as <span className="partner-email">{user.email}</span>.
      </p>
      {accept.isError ? <ErrorList messages={errorMessages(accept.error)} /> : null}
      <Button
        block
        busy={accept.isPending}
        onClick={() => accept.mutate({ token }, { onSuccess: (answer) => accepted(answer.message) })}
      >
        Accept and join {invite.restaurantName}
      </Button>
    </div>
  );
}
