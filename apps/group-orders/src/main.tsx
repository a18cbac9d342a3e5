import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createSiteRouter } from './app/router';
import { takeAdminTokenFromUrl } from './lib/creator-auth';
import './styles/site.css';

// Before the router reads the address: the admin token leaves the URL (lib/creator-auth.ts).
takeAdminTokenFromUrl();
const router = createSiteRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
