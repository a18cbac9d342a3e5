import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { GroupMenu, MemberChoiceResponse, PublicGroupOrderResponse } from '@caterway/contracts';
import { formatCents } from '@caterway/domain';
import { ErrorList, LoadError, Loading, useDocumentTitle } from '@caterway/ui';
import { joinGroup, keys, useChoose, useMyChoice, usePublicGroup, useWithdraw } from '../../api/group-orders';
import { describeLoadError, errorMessage, isApiError } from '../../lib/api';
import { budgetLeftCents, overBudgetByCents } from '../../lib/budget';
import { forgetMemberToken, memberToken, saveMemberToken } from '../../lib/member-token';
import { SITE_NAME } from '../../lib/site';
import { formatInstant } from '../../lib/time';

/** /g/{shareToken}: a team member joins (no account), picks one meal within the budget, changes or withdraws it until the cut-off. */
export function MemberPage() {
  const { shareToken = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const group = usePublicGroup(shareToken);
  // The personal link emailed on joining carries ?member_token=…: it wins over a stored one
  // (another member on a shared computer) and leaves the address bar at once.
  const [token, setToken] = useState(() => {
    const fromLink = searchParams.get('member_token');
    if (fromLink) saveMemberToken(shareToken, fromLink);
    return fromLink || memberToken(shareToken);
  });
  useEffect(() => {
    if (!searchParams.has('member_token')) return;
    setSearchParams(
      (params) => {
        params.delete('member_token');
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);
  const choice = useMyChoice(shareToken, token !== null);
  useDocumentTitle(group.data?.group_order.name || 'Group order', SITE_NAME);
  const unknownMember =
    token !== null &&
    choice.isError &&
    isApiError(choice.error) &&
    (choice.error.status === 401 || choice.error.status === 404);
  // a member token the server does not know (e.g. an old copy): join again. The page drops it
  // while rendering; the effect then forgets the stored copy.
  const [rejectedToken, setRejectedToken] = useState<string | null>(null);
  if (unknownMember) {
    setRejectedToken(token);
    setToken(null);
  }
  useEffect(() => {
    if (rejectedToken !== null) forgetMemberToken(shareToken);
  }, [rejectedToken, shareToken]);

  if (group.isPending || (token !== null && choice.isPending)) return <Loading label="Loading the group order…" />;
  if (group.isError) {
    return (
      <LoadError
        describe={describeLoadError}
        error={group.error}
        onRetry={() => void group.refetch()}
        notFound={
          <>
            <h1>Group order not found</h1>
            <p>This link does not lead to a group order. Ask the person who shared it for the current link.</p>
          </>
        }
      />
    );
  }
  const data = group.data;
  const me = token !== null && choice.isSuccess ? choice.data : null;
  const open = me ? me.ordering_open : data.group_order.ordering_open;

  return (
    <div className="member-page">
      <GroupHeader data={data} />
      {!open ? (
        <section className="panel closed-panel" aria-labelledby="closed-heading">
          <h2 id="closed-heading">
            {data.group_order.status === 'created' || data.group_order.status === 'detail_entered'
              ? 'Ordering has not opened yet'
              : 'Ordering is closed'}
          </h2>
          <p>{me?.closed_message ?? data.group_order.closed_message ?? 'Ordering for this group order is closed.'}</p>
          {me ? <MyOrder state={me} closed /> : null}
        </section>
      ) : me ? (
        <Chooser shareToken={shareToken} state={me} menus={data.menus} />
      ) : token !== null && choice.isError ? (
        <LoadError
          describe={describeLoadError}
          error={choice.error}
          onRetry={() => void choice.refetch()}
          notFound={<p>Please join again.</p>}
        />
      ) : (
        <JoinForm
          shareToken={shareToken}
          onJoined={(t) => {
            saveMemberToken(shareToken, t);
            setToken(t);
          }}
        />
      )}
    </div>
  );
}

function GroupHeader({ data }: { data: PublicGroupOrderResponse }) {
  const go = data.group_order;
  return (
    <header className="page-head member-head">
      <div>
        <p className="eyebrow">{go.company_name || `${go.creator_name}'s team`}</p>
        <h1>{go.name || `Group order from ${go.chef_name}`}</h1>
        <p className="muted">
          {go.chef_name} · Budget {formatCents(go.budget_cents)} per person · Order by{' '}
          {formatInstant(go.cutoff_at, go.time_zone)}
        </p>
      </div>
    </header>
  );
}

function JoinForm({ shareToken, onJoined }: { shareToken: string; onJoined: (token: string) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [dietary, setDietary] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), email: useId(), dietary: useId(), hint: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: string[] = [];
    if (name.trim() === '') problems.push('Please enter your name.');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) problems.push('Please enter a valid email address.');
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      const joined = await joinGroup(shareToken, {
        name: name.trim(),
        email: email.trim(),
        dietary_needs: dietary.trim(),
      });
      onJoined(joined.member_token);
    } catch (err) {
      setErrors(isApiError(err) && err.status < 500 && err.messages.length > 0 ? err.messages : [errorMessage(err)]);
      setBusy(false);
    }
  };

  return (
    <form
      className="panel join-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="join-heading"
    >
      <h2 id="join-heading">Join to choose your meal</h2>
      <p className="muted">No account needed. Your name and dietary needs go on your meal&apos;s label.</p>
      <div className="field">
        <label htmlFor={ids.name}>Your name *</label>
        <input
          id={ids.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          required
          maxLength={100}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.email}>Email *</label>
        <input
          id={ids.email}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          required
        />
      </div>
      <div className="field">
        <label htmlFor={ids.dietary}>Dietary needs</label>
        <input
          id={ids.dietary}
          value={dietary}
          onChange={(e) => setDietary(e.target.value)}
          aria-describedby={ids.hint}
          maxLength={300}
        />
        <p className="hint" id={ids.hint}>
          Optional, e.g. vegetarian, no nuts
        </p>
      </div>
      <ErrorList messages={errors} />
      <div className="actions">
        <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Joining…' : 'Join group order'}
        </button>
      </div>
    </form>
  );
}

/** Brings the meal list into view and puts the keyboard there (its heading takes the focus). */
function toMeals() {
  const heading = document.getElementById('menu-heading');
  heading?.scrollIntoView({ block: 'start' });
  heading?.focus();
}

function MyOrder({
  state,
  closed,
  soldOutLabel = null,
}: {
  state: MemberChoiceResponse;
  closed?: boolean;
  /** the chosen meal was 86'd since (the server's words, e.g. 'Sold out today'): ask for another */
  soldOutLabel?: string | null;
}) {
  return (
    <div className="my-order" aria-live="polite">
      <h3>{closed ? 'What you ordered' : 'Your meal'}</h3>
      {state.choice ? (
        <p>
          <strong>{state.choice.menu_name}</strong> · {formatCents(state.choice.price_cents)}
          <br />
          <span className="muted">
            For {state.member.name}
            {state.member.dietary_needs ? ` · ${state.member.dietary_needs}` : ''}
          </span>
        </p>
      ) : (
        <p className="muted">{closed ? 'You did not choose a meal.' : 'You have not chosen a meal yet.'}</p>
      )}
      {state.choice && soldOutLabel ? (
        <p className="alert alert-warning" data-testid="chosen-sold-out">
          <strong>{soldOutLabel}.</strong> The restaurant has run out of {state.choice.menu_name}: please{' '}
          {/* a button, not a #fragment link: the page's <base href> would send that to the site's root */}
          <button type="button" className="link-button" onClick={toMeals}>
            choose another meal
          </button>
          .
        </p>
      ) : null}
    </div>
  );
}

function Chooser({
  shareToken,
  state,
  menus,
}: {
  shareToken: string;
  state: MemberChoiceResponse;
  menus: GroupMenu[];
}) {
  const client = useQueryClient();
  const choose = useChoose(shareToken);
  const withdraw = useWithdraw(shareToken);
  const [errors, setErrors] = useState<string[]>([]);
  // a refused pick is explained on the meal's own card, where the member is looking
  const [refused, setRefused] = useState<{ menuId: number; messages: string[] } | null>(null);
  const [notice, setNotice] = useState('');
  const busy = choose.isPending || withdraw.isPending;
  const left = budgetLeftCents(state.budget_cents, state.choice?.price_cents);
  // the server's sold-out state of the chosen meal: the meal list's (read every 30 s) when it is
  // there, else the choice's own
  const chosenMenu = menus.find((m) => m.id === state.choice?.menu_id);
  const chosenSoldOut = chosenMenu ? chosenMenu.sold_out_label : (state.choice?.sold_out_label ?? null);

  const messagesOf = (e: unknown) =>
    isApiError(e) && e.status < 500 && e.messages.length > 0 ? e.messages : [errorMessage(e)];
  const afterError = (e: unknown) => {
    setNotice('');
    // the cut-off may have passed meanwhile: ask again what the page should show
    if (isApiError(e) && e.status === 409) {
      void client.invalidateQueries({ queryKey: keys.publicGroup(shareToken) });
      void client.invalidateQueries({ queryKey: keys.choice(shareToken) });
    }
    // a meal the restaurant 86'd since the list was read: read it again, so it greys out
    if (isApiError(e) && e.status === 422) void client.invalidateQueries({ queryKey: keys.publicGroup(shareToken) });
  };
  const pick = (menu: GroupMenu) => {
    setErrors([]);
    setRefused(null);
    choose.mutate(menu.id, {
      onSuccess: (s) => setNotice(`You chose ${s.choice?.menu_name ?? menu.name}.`),
      onError: (e) => {
        setRefused({ menuId: menu.id, messages: messagesOf(e) });
        afterError(e);
      },
    });
  };
  const drop = () => {
    setErrors([]);
    setRefused(null);
    withdraw.mutate(undefined, {
      onSuccess: () => setNotice('Your choice was withdrawn.'),
      onError: (e) => {
        setErrors(messagesOf(e));
        afterError(e);
      },
    });
  };

  return (
    <>
      <section className="panel my-choice" aria-labelledby="me-heading">
        <h2 id="me-heading">Hi {state.member.name}</h2>
        <MyOrder state={state} soldOutLabel={chosenSoldOut} />
        <p className="budget-left">
          Budget left: <strong data-testid="budget-left">{formatCents(left)}</strong> of{' '}
          {formatCents(state.budget_cents)}
        </p>
        {state.choice ? (
          <button type="button" className="btn btn-ghost" onClick={drop} disabled={busy}>
            Withdraw my choice
          </button>
        ) : null}
        <ErrorList messages={errors} />
        <p className="notice" role="status" aria-live="polite">
          {notice}
        </p>
      </section>
      <section aria-labelledby="menu-heading">
        <h2 id="menu-heading" tabIndex={-1}>
          Choose one individually packaged meal
        </h2>
        {menus.length === 0 ? (
          <p className="panel state-panel">This restaurant has no meals to choose from right now.</p>
        ) : (
          <ul className="menu-grid">
            {menus.map((menu) => {
              const chosen = state.choice?.menu_id === menu.id;
              const over = overBudgetByCents(menu.price_cents, state.budget_cents);
              const nameId = `menu-${menu.id}`;
              // 86'd by the restaurant (decision 053): greyed out, its button disabled, the reason in words
              const soldOut = menu.sold_out ? (menu.sold_out_label ?? 'Sold out') : null;
              const soldOutId = `menu-${menu.id}-sold-out`;
              return (
                <li
                  key={menu.id}
                  className={`menu-card${chosen ? ' menu-chosen' : ''}${soldOut ? ' menu-sold-out' : ''}`}
                >
                  {menu.image_url ? <img src={menu.image_url} alt="" loading="lazy" width={320} height={180} /> : null}
                  <div className="menu-body">
                    <h3 id={nameId}>{menu.name}</h3>
                    {soldOut ? (
                      <p className="sold-out-label" id={soldOutId}>
                        {soldOut}
                      </p>
                    ) : null}
                    {menu.category_name ? <p className="muted">{menu.category_name}</p> : null}
                    {menu.description ? <p className="menu-description">{menu.description}</p> : null}
                    {menu.dietary_types.length > 0 ? (
                      <ul className="tags" aria-label="Dietary labels">
                        {menu.dietary_types.map((t) => (
                          <li key={t} className="tag">
                            {t}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <p className="menu-price">
                      {formatCents(menu.price_cents)}
                      {over > 0 ? <span className="over"> · {formatCents(over)} over budget</span> : null}
                    </p>
                    {refused?.menuId === menu.id ? <ErrorList messages={refused.messages} /> : null}
                    {chosen ? (
                      <p className="chosen-label">Your choice</p>
                    ) : (
                      <button
                        type="button"
                        className="btn"
                        onClick={() => pick(menu)}
                        disabled={busy || soldOut !== null}
                        aria-describedby={soldOut ? soldOutId : undefined}
                      >
                        {state.choice ? 'Change to this' : 'Choose this'}
                        <span className="visually-hidden"> meal: {menu.name}</span>
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
