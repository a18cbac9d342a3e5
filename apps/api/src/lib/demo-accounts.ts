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
