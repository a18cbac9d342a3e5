import { createBrowserRouter, type RouteObject } from 'react-router';
import { siteBasePath } from '../lib/base-path';
import { SiteLayout } from './layout';
import { NotFoundPage, RouteError } from './not-found';

// Three pages, each its own chunk: a member opening a share link never loads the creator's.
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: SiteLayout,
    HydrateFallback: () => <div className="loading" role="status">Loading…</div>,
    errorElement: <RouteError />,
    children: [
      { index: true, Component: NotFoundPage },
      { path: 'group-orders/:uuid', lazy: () => import('../features/details/details-page').then((m) => ({ Component: m.DetailsPage })) },
      { path: 'grouporder-dashboard/:creatorId', lazy: () => import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
      { path: 'g/:shareToken', lazy: () => import('../features/member/member-page').then((m) => ({ Component: m.MemberPage })) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const createSiteRouter = () => createBrowserRouter(routes, { basename: siteBasePath() || '/' });
