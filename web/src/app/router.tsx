import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
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
const TagsPage = lazyPage(() => import('../routes/tags/TagsPage.js').then((m) => m.TagsPage));
const ProjectsPage = lazyPage(() => import('../routes/projects/ProjectsPage.js').then((m) => m.ProjectsPage));
const SessionsPage = lazyPage(() => import('../routes/settings/SessionsPage.js').then((m) => m.SessionsPage));
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

/**
 * Every page starts at the top, and Back or Forward returns to where the page was scrolled: the
 * traces list a person left for a trace comes back at the same place (its filters, sort and page
 * are in the URL, its rows in the query cache).
 */
function Root() {
  return (
    <>
      <ScrollRestoration />
      <Lazy />
    </>
  );
}

/** Spec section 2, route table. */
export const router = createBrowserRouter([
  {
    element: <Root />,
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
              { path: 'tags', element: <TagsPage /> },
              { path: 'projects', element: <ProjectsPage /> },
              { path: 'integrations', element: <IntegrationsPage /> },
              { path: 'mcp-setup', element: <McpSetupPage /> },
              {
                path: 'settings',
                element: <SettingsLayout />,
                children: [
                  { index: true, element: <ProfilePage /> },
                  { path: 'api-keys', element: <ApiKeysPage /> },
                  { path: 'oauth-clients', element: <OAuthClientsPage /> },
                  { path: 'sessions', element: <SessionsPage /> },
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
