// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  joinGroupOrderBodySchema,
  joinGroupOrderResponseSchema,
  memberChoiceBodySchema,
  memberChoiceResponseSchema,
  publicGroupOrderResponseSchema,
  type GroupMenu,
} from '@caterway/contracts';
import {
  contractBody,
  contractJson,
  errorAnswer,
  setupContractServer,
  validationFailure,
} from '@caterway/contracts/testing';
import { budgetRule, groupMessages } from '@caterway/domain';
import { MemberPage } from './member-page';

// The group-order member page (/g/{shareToken}): a member joins without an account, picks one
// meal within the budget, changes or withdraws it, and sees the page close at the cut-off. The
// API is MSW's, answering with the contract's shapes and the domain's budget rule and messages.

const SHARE = 'share-token-0001';
const BUDGET = 1500;
const menus: GroupMenu[] = [
  {
    id: 1,
    name: 'Chicken bowl',
    description: 'Rice, greens',
    category_name: 'Bowls',
    price_cents: 1400,
    dietary_types: ['Gluten free'],
    image_url: null,
    within_budget: true,
    sold_out: false,
    sold_out_label: null,
  },
  {
    id: 2,
    name: 'Tofu wrap',
    description: '',
    category_name: 'Wraps',
    price_cents: 1200,
    dietary_types: ['Vegan'],
    image_url: null,
    within_budget: true,
    sold_out: false,
    sold_out_label: null,
  },
  {
    id: 3,
    name: 'Salmon plate',
    description: '',
    category_name: 'Plates',
    price_cents: 1850,
    dietary_types: [],
    image_url: null,
    within_budget: false,
    sold_out: false,
    sold_out_label: null,
  },
  {
    id: 4,
    name: 'Paneer tikka box',
    description: 'Rice, raita',
    category_name: 'Boxes',
    price_cents: 1300,
    dietary_types: ['Vegetarian'],
    image_url: null,
    within_budget: true,
    // the restaurant 86'd it until the end of its day (the server's words, soldOutLabel)
    sold_out: true,
    sold_out_label: 'Sold out today',
  },
];
const SOLD_OUT_MESSAGE = 'Paneer tikka box is sold out today. Remove it to continue.';

interface Member {
  name: string;
  email: string;
  dietary_needs: string;
  choice: number | null;
}
let members: Map<string, Member>;
let open: boolean;

const groupAnswer = () =>
  contractJson(publicGroupOrderResponseSchema, {
    group_order: {
      name: 'Friday team lunch',
      company_name: 'Maple Analytics',
      creator_name: 'Dana Park',
      chef_id: 1,
      chef_name: 'Maple Kitchen',
      status: open ? 'accepting' : 'waiting_for_delivery',
      status_label: open ? 'Opened for ordering' : 'Closed with an order',
      budget_cents: BUDGET,
      head_count: 12,
      joined_count: members.size,
      cutoff_at: '2099-12-03T21:00:00Z',
      delivery_at: '2099-12-04T16:30:00Z',
      time_zone: 'America/Toronto',
      ordering_open: open,
      closed_message: open ? null : groupMessages.orderingClosed,
      server_now: new Date().toISOString(),
    },
    menus,
  });

const stateOf = (m: Member) => {
  const menu = menus.find((x) => x.id === m.choice);
  return contractJson(memberChoiceResponseSchema, {
    member: { name: m.name, email: m.email, dietary_needs: m.dietary_needs },
    choice: menu
      ? {
          menu_id: menu.id,
          menu_name: menu.name,
          price_cents: menu.price_cents,
          chosen_at: '2099-12-01T15:00:00Z',
          // flagged while ordering is open only, as the server does
          sold_out: open && menu.sold_out,
          sold_out_label: open ? menu.sold_out_label : null,
        }
      : null,
    budget_cents: BUDGET,
    budget_left_cents: BUDGET - (menu?.price_cents ?? 0),
    ordering_open: open,
    closed_message: open ? null : groupMessages.orderingClosed,
  });
};
const memberOf = (request: Request) => members.get(request.headers.get('x-member-token') ?? '');

setupContractServer(
  http.get(`/api/v2/group/${SHARE}`, groupAnswer),
  http.get('/api/v2/group/:share', () => errorAnswer(404, 'Group order not found')),
  http.post(`/api/v2/group/${SHARE}/members`, async ({ request }) => {
    const body = await contractBody(request, joinGroupOrderBodySchema);
    if ([...members.values()].some((m) => m.email === body.email))
      return validationFailure([groupMessages.alreadyJoined]);
    const token = `member-${members.size + 1}`;
    members.set(token, { ...body, choice: null });
    return contractJson(joinGroupOrderResponseSchema, { member_token: token, member: body }, { status: 201 });
  }),
  http.get(`/api/v2/group/${SHARE}/choice`, ({ request }) => {
    const me = memberOf(request);
    return me ? stateOf(me) : errorAnswer(401, 'Please join again.');
  }),
  http.put(`/api/v2/group/${SHARE}/choice`, async ({ request }) => {
    const me = memberOf(request);
    if (!me) return errorAnswer(401, 'Please join again.');
    if (!open) return errorAnswer(409, groupMessages.orderingClosed);
    const { menu_id } = await contractBody(request, memberChoiceBodySchema);
    const menu = menus.find((m) => m.id === menu_id);
    if (!menu) return validationFailure([groupMessages.menuNotOffered]);
    if (menu.sold_out) return validationFailure([SOLD_OUT_MESSAGE]);
    const budget = budgetRule(menu.price_cents, BUDGET);
    if (!budget.ok) return validationFailure([budget.message]);
    me.choice = menu.id;
    return stateOf(me);
  }),
  http.delete(`/api/v2/group/${SHARE}/choice`, ({ request }) => {
    const me = memberOf(request);
    if (!me) return errorAnswer(401, 'Please join again.');
    me.choice = null;
    return stateOf(me);
  }),
);

// Node's own localStorage (without --localstorage-file) hides happy-dom's: the member token is
// kept in a Storage of this test's own, emptied before each test.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, String(v)),
  removeItem: (k: string) => void stored.delete(k),
  clear: () => stored.clear(),
  key: (i: number) => [...stored.keys()][i] ?? null,
  get length() {
    return stored.size;
  },
} satisfies Storage);

beforeEach(() => {
  members = new Map();
  open = true;
  stored.clear();
});
afterEach(cleanup);

function renderMember(at = `/g/${SHARE}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="g/:shareToken" element={<MemberPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function join(user: ReturnType<typeof userEvent.setup>, name = 'Sam Lee', email = 'sam@example.com') {
  await user.type(await screen.findByLabelText('Your name *'), name);
  await user.type(screen.getByLabelText('Email *'), email);
  await user.type(screen.getByLabelText('Dietary needs'), 'no nuts');
  await user.click(screen.getByRole('button', { name: 'Join group order' }));
  return screen.findByRole('heading', { name: `Hi ${name}` });
}
const budgetLeft = () => screen.getByText(/Budget left:/).textContent;

describe('the group-order member page', () => {
  it('shows the group, its budget and the join form', async () => {
    renderMember();
    await screen.findByRole('heading', { name: 'Friday team lunch' });
    screen.getByText('Maple Analytics');
    screen.getByText(/Maple Kitchen · Budget \$15\.00 per person · Order by/);
    screen.getByRole('heading', { name: 'Join to choose your meal' });
  });

  it('asks for a name and a valid email before joining, with its messages', async () => {
    const user = userEvent.setup();
    renderMember();
    await user.click(await screen.findByRole('button', { name: 'Join group order' }));
    const alert = screen.getByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Please enter your name.', 'Please enter a valid email address.']);
    expect(members.size).toBe(0);
  });

  it("shows the server's refusal of a second join with the same email", async () => {
    members.set('member-1', { name: 'Sam', email: 'sam@example.com', dietary_needs: '', choice: null });
    const user = userEvent.setup();
    renderMember();
    await user.type(await screen.findByLabelText('Your name *'), 'Sam Again');
    await user.type(screen.getByLabelText('Email *'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Join group order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(groupMessages.alreadyJoined);
  });

  it('joins with the keyboard (Tab through the fields, Enter submits) and keeps the member in this browser', async () => {
    const user = userEvent.setup();
    renderMember();
    await screen.findByRole('heading', { name: 'Join to choose your meal' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Your name *'));
    await user.keyboard('Sam Lee');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Email *'));
    await user.keyboard('sam@example.com');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Dietary needs'));
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Hi Sam Lee' });
    screen.getByText('You have not chosen a meal yet.');
    expect(budgetLeft()).toBe('Budget left: $15.00 of $15.00');
    expect(window.localStorage.getItem(`caterway.group_orders.member.${SHARE}`)).toBe('member-1');

    // back later: the stored token skips the join form
    cleanup();
    renderMember();
    await screen.findByRole('heading', { name: 'Hi Sam Lee' });
  });

  it('chooses a meal within the budget, changes it, and withdraws it', async () => {
    const user = userEvent.setup();
    renderMember();
    await join(user);
    await user.click(screen.getByRole('button', { name: 'Choose this meal: Chicken bowl' }));
    expect((await screen.findByText('You chose Chicken bowl.')).getAttribute('role')).toBe('status');
    expect(budgetLeft()).toBe('Budget left: $1.00 of $15.00');
    screen.getByText('Your choice');

    await user.click(screen.getByRole('button', { name: 'Change to this meal: Tofu wrap' }));
    await screen.findByText('You chose Tofu wrap.');
    expect(budgetLeft()).toBe('Budget left: $3.00 of $15.00');
    expect(members.get('member-1')!.choice).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Withdraw my choice' }));
    await screen.findByText('Your choice was withdrawn.');
    expect(budgetLeft()).toBe('Budget left: $15.00 of $15.00');
    expect(members.get('member-1')!.choice).toBeNull();
  });

  it("marks a meal over the budget and explains the server's refusal on its card", async () => {
    const user = userEvent.setup();
    renderMember();
    await join(user);
    const card = screen.getByRole('heading', { name: 'Salmon plate' }).closest('li')!;
    within(card).getByText(/\$3\.50 over budget/);
    await user.click(within(card).getByRole('button', { name: 'Choose this meal: Salmon plate' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('This meal is over your budget of $15.00.');
    expect(members.get('member-1')!.choice).toBeNull();
  });

  it('chooses with the keyboard: Tab reaches the meal buttons and space presses one', async () => {
    const user = userEvent.setup();
    renderMember();
    await join(user);
    const first = screen.getByRole('button', { name: 'Choose this meal: Chicken bowl' });
    first.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose this meal: Tofu wrap' }));
    await user.keyboard(' ');
    await screen.findByText('You chose Tofu wrap.');
  });

  it('shows a closed group order with what the member ordered, a meal sold out since not flagged', async () => {
    // the cut-off placed the choice as it was: nothing left to choose again
    members.set('member-1', { name: 'Sam Lee', email: 'sam@example.com', dietary_needs: '', choice: 4 });
    open = false;
    renderMember('/g/share-token-0001?member_token=member-1');
    await screen.findByRole('heading', { name: 'Ordering is closed' });
    screen.getByText('Ordering for this group order is closed.');
    screen.getByRole('heading', { name: 'What you ordered' });
    screen.getByText('Paneer tikka box');
    expect(screen.queryByRole('button', { name: /Choose this/ })).toBeNull();
    expect(screen.queryByTestId('chosen-sold-out')).toBeNull();
  });

  it('greys out a sold-out meal: its reason in words, its button disabled and out of the Tab order', async () => {
    const user = userEvent.setup();
    renderMember();
    await join(user);
    const card = screen.getByRole('heading', { name: 'Paneer tikka box' }).closest('li')!;
    expect(card.className).toContain('menu-sold-out');
    const reason = within(card).getByText('Sold out today');
    const button = within(card).getByRole('button', { name: 'Choose this meal: Paneer tikka box' });
    expect(button).toHaveProperty('disabled', true);
    // a screen reader hears why with the button
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    await user.click(button);
    expect(members.get('member-1')!.choice).toBeNull();
    // Tab goes from the last orderable meal past the sold-out one
    screen.getByRole('button', { name: 'Choose this meal: Salmon plate' }).focus();
    await user.tab();
    expect(document.activeElement).not.toBe(button);
    // the other meals are not marked
    const other = screen.getByRole('heading', { name: 'Tofu wrap' }).closest('li')!;
    expect(other.className).not.toContain('menu-sold-out');
    expect(within(other).queryByText(/Sold out/)).toBeNull();
  });

  it('asks a member whose chosen meal became sold out to choose another, and lets them', async () => {
    members.set('member-1', { name: 'Sam Lee', email: 'sam@example.com', dietary_needs: '', choice: 4 });
    const user = userEvent.setup();
    renderMember('/g/share-token-0001?member_token=member-1');
    await screen.findByRole('heading', { name: 'Hi Sam Lee' });
    const prompt = screen.getByTestId('chosen-sold-out');
    expect(prompt.textContent).toBe(
      'Sold out today. The restaurant has run out of Paneer tikka box: please choose another meal.',
    );
    // its button brings the keyboard to the meals
    await user.click(within(prompt).getByRole('button', { name: 'choose another meal' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose one individually packaged meal' }));
    const card = screen.getByRole('heading', { name: 'Paneer tikka box' }).closest('li')!;
    within(card).getByText('Your choice');
    within(card).getByText('Sold out today');

    await user.click(screen.getByRole('button', { name: 'Change to this meal: Tofu wrap' }));
    await screen.findByText('You chose Tofu wrap.');
    expect(screen.queryByTestId('chosen-sold-out')).toBeNull();
    expect(members.get('member-1')!.choice).toBe(2);
  });

  it('says when the link leads to no group order', async () => {
    renderMember('/g/unknown-share-token');
    await screen.findByRole('heading', { name: 'Group order not found' });
  });

  it('refuses a pick made after the cut-off passed and shows the closed page', async () => {
    const user = userEvent.setup();
    renderMember();
    await join(user);
    open = false;
    await user.click(screen.getByRole('button', { name: 'Choose this meal: Chicken bowl' }));
    await screen.findByRole('heading', { name: 'Ordering is closed' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Choose this/ })).toBeNull());
  });
});
