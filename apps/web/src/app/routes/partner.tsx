import { Route, Routes } from 'react-router';
import { InvitePage } from '../../features/partner/components/invite-page';
import { PartnerHomePage } from '../../features/partner/components/partner-home-page';
import { PortalSignIn } from '../../features/partner/components/portal-common';
import { portalRoutes } from '../../features/partner/portal-paths';
import { useSessionUser } from '../../stores/session';
import { NotFoundPage } from './not-found';

// The restaurant portal (issue 19, decisions 047 and 048): one lazily loaded chunk with its own
// routes under /partner, so the storefront's first JavaScript carries one route for all of it.

/** /partner: the signed-in person's restaurants; a visitor is asked to sign in. */
function Home() {
  const user = useSessionUser();
  if (!user) return <PortalSignIn />;
  return <PartnerHomePage key={user.id} />;
}

export function Component() {
  return (
    <Routes>
      <Route index element={<Home />} />
      {/* the invitation is open to visitors: the page says what to do signed out */}
      <Route path={portalRoutes.invite} element={<InvitePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
