import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from './app/query-client.js';
import { router } from './app/router.js';
import { AuthProvider } from './auth/auth-context.js';
import { useTheme } from './lib/theme.js';
import './styles.css';

/**
 * Bottom-right: at the top right, toasts covered each page's main button (Add Trace, Create).
 * The toasts follow the app's theme, not only the system's.
 */
function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster position="bottom-right" richColors closeButton theme={theme} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <ThemedToaster />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
