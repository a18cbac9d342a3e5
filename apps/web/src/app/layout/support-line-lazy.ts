import { lazy } from 'react';

/** The support line (decision 066) of the header's menus, loaded when a menu first opens. */
export const SupportLine = lazy(() =>
  import('../../components/support-line').then((m) => ({ default: m.SupportLine })),
);
