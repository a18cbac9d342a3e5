// Demo accounts created with the demo catalogue and printed at start (README lists them too).
export const demoAccounts = [
  {
    role: 'customer' as const,
    email: 'demo@caterway.ca',
    password: 'Lunch4Forty',
    firstName: 'Dana',
    lastName: 'Morgan',
    companyName: 'Northwind Consulting',
  },
  {
    role: 'staff' as const,
    email: 'ops@caterway.ca',
    password: 'Kitchen4Ops',
    firstName: 'Sam',
    lastName: 'Okafor',
    companyName: 'Caterway',
  },
];

/**
 * The demo restaurant team account (issue 19): owner of the first two Toronto restaurants of the
 * demo catalogue, with a few orders waiting for its answer (demo-orders.ts ensureDemoRestaurantTeam).
 * A customer account by users.role; its restaurant roles are memberships.
 */
export const demoRestaurantTeam = {
  email: 'kitchen@caterway.ca',
  password: 'Prep4Lunch',
  firstName: 'Rosa',
  lastName: 'Diaz',
  companyName: 'Caterway demo kitchens',
  restaurants: 2,
  /** orders of the demo customer waiting for the team's answer when the team is first made */
  waitingOrders: 3,
  /** days ago the demo customer's orders were delivered by the team's restaurants, in turn (their statements) */
  deliveredDaysAgo: [40, 33, 27, 22, 18, 15, 12, 10, 8, 6, 4, 2],
};
