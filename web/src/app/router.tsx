import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.js';
import { AppShell } from '../components/layout/AppShell.js';
import { PageSpinner } from '../components/ui/Spinner.js';
import { LoginPage } from '../routes/login/LoginPage.js';
import { SettingsLayout } from '../routes/settings/SettingsLayout.js';
import { CatchAll } from './CatchAll.js';
import { lazyPage } from './lazy-page.js';
import { RouteError } from './RouteError.js';

const LandingPage = lazyPage(() => import('../routes/landing/LandingPage.js').then((m) => m.LandingPage));
const RegisterPage = lazyPage(() => import('../routes/register/RegisterPage.js').then((m) => m.RegisterPage));
const DashboardPage = lazyPage(() =>
  import('../routes/dashboard/DashboardPage.js').then((m) => m.DashboardPage),
);
const TracesPage = lazyPage(() => import('../routes/traces/TracesPage.js').then((m) => m.TracesPage));
const TraceDetailPage = lazyPage(() =>
  import('../routes/traces/TraceDetailPage.js').then((m) => m.TraceDetailPage),
);
const IntegrationsPage = lazyPage(() =>
  import('../routes/integrations/IntegrationsPage.js').then((m) => m.IntegrationsPage),
);
const McpSetupPage = lazyPage(() =>
  import('../routes/mcp-setup/McpSetupPage.js').then((m) => m.McpSetupPage),
);
const ProfilePage = lazyPage(() => import('../routes/settings/ProfilePage.js').then((m) => m.ProfilePage));
const DataPage = lazyPage(() => import('../routes/settings/DataPage.js').then((m) => m.DataPage));
const ApiKeysPage = lazyPage(() => import('../routes/api-keys/ApiKeysPage.js').then((m) => m.ApiKeysPage));
const ConsentPage = lazyPage(() => import('../routes/consent/ConsentPage.js').then((m) => m.ConsentPage));
const OAuthClientsPage = lazyPage(() =>
  import('../routes/oauth-clients/OAuthClientsPage.js').then((m) => m.OAuthClientsPage),
);

function Lazy() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** Spec section 2, route table. */
export const router = createBrowserRouter([
  {
    element: <Lazy />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      {
        path: '/consent',
        element: (
          <RequireAuth>
            <ConsentPage />
          </RequireAuth>
        ),
      },
      {
        path: '/app',
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: [
          {
            element: <Lazy />,
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'traces', element: <TracesPage /> },
              { path: 'traces/:id', element: <TraceDetailPage /> },
              { path: 'integrations', element: <IntegrationsPage /> },
              { path: 'mcp-setup', element: <McpSetupPage /> },
              {
                path: 'settings',
                element: <SettingsLayout />,
                children: [
                  { index: true, element: <ProfilePage /> },
                  { path: 'api-keys', element: <ApiKeysPage /> },
                  { path: 'oauth-clients', element: <OAuthClientsPage /> },
                  { path: 'data', element: <DataPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
]);
