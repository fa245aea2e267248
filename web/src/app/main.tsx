// First: the first screen's calls start before anything else runs.
import './early-calls';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM build carries react-dom's flushSync, which the filters kept in the address use.
import { RouterProvider } from 'react-router/dom';
import { paths, signInScreen } from '../lib/paths';
import { AuthGate } from './auth-gate';
import { TOAST_Z_INDEX } from './menus';
import { startServiceWorker } from './new-version';
import { createRouter } from './router';

// Dialogs, menus and toasts appear without moving for a person whose system asks for less motion.
const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm', respectReducedMotion: true });
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* Top-right, narrow, below the title row (global.css). */}
        <Notifications position="top-right" autoClose={5000} limit={3} containerWidth={340} zIndex={TOAST_Z_INDEX} />
        <ModalsProvider>
          <Suspense fallback={null}>
            {/* Signing in on the home address opens the role's first screen; a deeper address is kept. */}
            <AuthGate
              onSignedIn={(user) => {
                if (router.state.location.pathname === paths.home)
                  void router.navigate(signInScreen(user.role), { replace: true });
              }}
            >
              <RouterProvider router={router} />
            </AuthGate>
          </Suspense>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

// Its install downloads the whole shell: started a few seconds after the first screen, never competing with it.
const WORKER_AFTER_LOAD_MS = 3000;
window.addEventListener('load', () => window.setTimeout(() => void startServiceWorker(), WORKER_AFTER_LOAD_MS));
