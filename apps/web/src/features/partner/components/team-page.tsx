import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isBlank, isValidEmail, messages } from '@caterway/domain';
import { Button, ErrorList, Loading, TextField } from '@caterway/ui';
import { useSessionUser } from '../../../stores/session';
import { useRestaurant } from '../api/restaurants';
import { useSendInvite, useTeam } from '../api/team';
import {
  hasRole,
  invitableRoles,
  roleDescriptions,
  roleLabels,
  type PartnerRole,
  type RestaurantRole,
} from '../api/types';
import { portalPaths } from '../portal-paths';
import { errorMessages, usePortalTitle } from './portal-common';

const day = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium' });

/**
 * /partner/:chefId/team (managers, owners, operations): the members, the invitations still open
 * and the invite form. A manager invites staff only, so that is the one role offered to them.
 */
export function TeamPage({ chefId }: { chefId: number }) {
  usePortalTitle('Team');
  const restaurant = useRestaurant(chefId);
  const role = restaurant.data?.role;
  const allowed = role !== undefined && hasRole(role, 'manager');
  const team = useTeam(chefId, allowed);
  const user = useSessionUser();

  if (restaurant.isPending) {
    return (
      <section className="container page partner-page page-loading">
        <Loading label="Loading the team…" />
      </section>
    );
  }
  if (!allowed) {
    return (
      <section className="container page partner-page" aria-labelledby="partner-team-title">
        <div className="partner-panel partner-centered">
          <h1 id="partner-team-title">Team</h1>
          <p>The team is managed by the restaurant&rsquo;s owner and managers.</p>
          <Link className="btn btn-primary" to={portalPaths.orders(chefId)}>
            Go to the orders
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="container page partner-page" aria-labelledby="partner-team-title">
      <h1 id="partner-team-title">Team</h1>
      <div className="partner-team">
        <div className="partner-team-lists">
          {team.isPending ? (
            <Loading label="Loading the team…" />
          ) : team.isError ? (
            <div className="partner-list-error" role="alert">
              <p>{errorMessages(team.error).join(' ')}</p>
              <Button onClick={() => void team.refetch()}>Try again</Button>
            </div>
          ) : (
            <>
              <h2 className="partner-subtitle">Members</h2>
              {team.data.members.length === 0 ? (
                <p className="empty-state">No one is on the team yet. Invite the first member with the form.</p>
              ) : (
                <ul className="partner-people">
                  {team.data.members.map((m) => (
                    <li key={m.userId}>
                      <span className="partner-person">
                        <span className="partner-person-name">
                          {m.firstName} {m.lastName}
                          {user && user.id === m.userId ? <span className="partner-muted"> (you)</span> : null}
                        </span>
                        <span className="partner-muted partner-email">{m.email}</span>
                      </span>
                      <span className="partner-role">{roleLabels[m.role]}</span>
                    </li>
                  ))}
                </ul>
              )}
              <h2 className="partner-subtitle">Open invitations</h2>
              {team.data.invites.length === 0 ? (
                <p className="partner-muted">No invitation is waiting for an answer.</p>
              ) : (
                <ul className="partner-people">
                  {team.data.invites.map((i) => (
                    <li key={i.id}>
                      <span className="partner-person">
                        <span className="partner-person-name partner-email">{i.email}</span>
                        <span className="partner-muted">
                          Sent {day.format(new Date(i.invitedAt))} · expires {day.format(new Date(i.expiresAt))}
                        </span>
                      </span>
                      <span className="partner-role">{roleLabels[i.role]}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
        <InviteForm chefId={chefId} role={role} />
      </div>
    </section>
  );
}

function InviteForm({ chefId, role }: { chefId: number; role: PartnerRole }) {
  const roles = invitableRoles(role);
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<RestaurantRole>('staff');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useSendInvite(chefId);
  const titleId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const error = isBlank(email) ? messages.required : isValidEmail(email.trim()) ? null : messages.invalidEmail;
    setEmailError(error);
    if (error) {
      document.querySelector<HTMLInputElement>('.partner-invite-form input[type="email"]')?.focus();
      return;
    }
    invite.mutate(
      { email: email.trim(), role: inviteRole },
      {
        onSuccess: (sent) => {
          setSentTo(sent.email);
          setEmail('');
        },
      },
    );
  };

  return (
    <form className="form partner-panel partner-invite-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="partner-subtitle">
        Invite someone
      </h2>
      <p className="partner-muted">They get an email with a link that works once, for 7 days.</p>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="off"
        required
        value={email}
        error={emailError}
        onChange={(e) => {
          setEmail(e.target.value);
          setEmailError(null);
        }}
      />
      <fieldset className="partner-reasons">
        <legend>Role</legend>
        {roles.map((r) => (
          <label key={r} className="partner-radio partner-radio-described">
            <input
              type="radio"
              name="invite-role"
              value={r}
              checked={inviteRole === r}
              onChange={() => setInviteRole(r)}
            />
            <span className="partner-radio-label">{roleLabels[r]}</span>
            <span className="partner-radio-hint">{roleDescriptions[r]}</span>
          </label>
        ))}
      </fieldset>
      {invite.isError ? <ErrorList messages={errorMessages(invite.error)} /> : null}
      {sentTo ? (
        <p className="form-note" role="status">
          Invitation sent to <strong>{sentTo}</strong>.
        </p>
      ) : null}
      <Button type="submit" busy={invite.isPending}>
        Send invitation
      </Button>
    </form>
  );
}
