import { Navigate, Route, Routes, useParams } from 'react-router';
import { AnswerLinkPage } from '../../features/partner/components/answer-link-page';
import { CalendarPage } from '../../features/partner/components/calendar-page';
import { InvitePage } from '../../features/partner/components/invite-page';
import { MenuPage } from '../../features/partner/components/menu-page';
import { OrdersInbox } from '../../features/partner/components/orders-inbox';
import { PartnerHomePage } from '../../features/partner/components/partner-home-page';
import { PartnerLayout, type PortalSection } from '../../features/partner/components/partner-layout';
import { PhotosPage } from '../../features/partner/components/photos-page';
import { PortalSignIn } from '../../features/partner/components/portal-common';
import { SettingsPage } from '../../features/partner/components/settings-page';
import { SoldOutPage } from '../../features/partner/components/sold-out-page';
import { StatementsPage } from '../../features/partner/components/statements-page';
import { TeamPage } from '../../features/partner/components/team-page';
import { portalPaths, portalRoutes } from '../../features/partner/portal-paths';
import { useSessionUser } from '../../stores/session';
import { NotFoundPage } from './not-found';

// The restaurant portal (issue 19, decisions 047 and 049): one lazily loaded chunk with its own
// routes under /partner, so the storefront's first JavaScript carries one route for all of it.

/** /partner: the signed-in person's restaurants; a visitor is asked to sign in. */
function Home() {
  const user = useSessionUser();
  if (!user) return <PortalSignIn />;
  return <PartnerHomePage key={user.id} />;
}

/** /partner/:chefId/...: a restaurant's page in its layout, for a signed-in person. */
function RestaurantPage({ section }: { section: PortalSection }) {
  const user = useSessionUser();
  const chefId = Number(useParams().chefId);
  if (!user) return <PortalSignIn />;
  if (!Number.isSafeInteger(chefId) || chefId <= 0) return <NotFoundPage />;
  return (
    <PartnerLayout key={`${user.id}:${chefId}`} chefId={chefId} section={section}>
      {section === 'team' ? (
        <TeamPage chefId={chefId} />
      ) : section === 'settings' ? (
        <SettingsPage chefId={chefId} />
      ) : section === 'sold-out' ? (
        <SoldOutPage chefId={chefId} />
      ) : section === 'menu' ? (
        <MenuPage chefId={chefId} />
      ) : section === 'photos' ? (
        <PhotosPage chefId={chefId} />
      ) : section === 'calendar' ? (
        <CalendarPage chefId={chefId} />
      ) : section === 'statements' ? (
        <StatementsPage chefId={chefId} />
      ) : (
        <OrdersInbox chefId={chefId} />
      )}
    </PartnerLayout>
  );
}

/** /partner/:chefId/orders/:orderId (the emails' links): the inbox with that order open. */
function OrderLink() {
  const params = useParams();
  const chefId = Number(params.chefId);
  const orderId = Number(params.orderId);
  if (!Number.isSafeInteger(chefId) || chefId <= 0 || !Number.isSafeInteger(orderId) || orderId <= 0) {
    return <NotFoundPage />;
  }
  return <Navigate to={portalPaths.orders(chefId, 'waiting', orderId)} replace />;
}

export function Component() {
  return (
    <Routes>
      <Route index element={<Home />} />
      {/* the invitation is open to visitors: the page says what to do signed out */}
      <Route path={portalRoutes.invite} element={<InvitePage />} />
      {/* an email's Accept or Decline link: its signed token is the authority, no sign-in */}
      <Route path={portalRoutes.answer} element={<AnswerLinkPage />} />
      <Route path={portalRoutes.orders} element={<RestaurantPage section="orders" />} />
      <Route path={portalRoutes.order} element={<OrderLink />} />
      <Route path={portalRoutes.team} element={<RestaurantPage section="team" />} />
      <Route path={portalRoutes.settings} element={<RestaurantPage section="settings" />} />
      <Route path={portalRoutes.soldOut} element={<RestaurantPage section="sold-out" />} />
      <Route path={portalRoutes.menu} element={<RestaurantPage section="menu" />} />
      <Route path={portalRoutes.photos} element={<RestaurantPage section="photos" />} />
      <Route path={portalRoutes.calendar} element={<RestaurantPage section="calendar" />} />
      <Route path={portalRoutes.statements} element={<RestaurantPage section="statements" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
