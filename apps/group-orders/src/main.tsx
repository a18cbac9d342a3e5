import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { SiteRoutes } from './app/router';
import { siteBasePath } from './lib/base-path';
import { takeAdminTokenFromUrl } from './lib/creator-auth';
import './styles/site.css';
import '@caterway/contracts/test-mode-banner.css';

// Before the router reads the address: the admin token leaves the URL (lib/creator-auth.ts).
takeAdminTokenFromUrl();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter basename={siteBasePath() || '/'}>
        <SiteRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
