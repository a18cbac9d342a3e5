import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { SiteLayout } from './layout';
import { NotFoundPage } from './not-found';

// Three pages, each its own chunk: a member opening a share link never loads the creator's.
// Declarative routes: the site uses no loaders or actions, and React Router's data-router
// half would add 16 KB gzipped to every page (docs/decisions/014-front-end-budgets.md).
const DetailsPage = lazy(() => import('../features/details/details-page').then((m) => ({ default: m.DetailsPage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const MemberPage = lazy(() => import('../features/member/member-page').then((m) => ({ default: m.MemberPage })));

export function SiteRoutes() {
  return (
    <Routes>
      <Route path="/" element={<SiteLayout />}>
        <Route index element={<NotFoundPage />} />
        <Route path="group-orders/:uuid" element={<DetailsPage />} />
        <Route path="grouporder-dashboard/:creatorId" element={<DashboardPage />} />
        <Route path="g/:shareToken" element={<MemberPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
