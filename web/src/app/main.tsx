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
import { AuthGate } from './auth-gate';
import { BAR_HEIGHT, TOAST_Z_INDEX } from './layout';
import { createRouter } from './router';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm' });
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* Top-right as the spec says, but below the bar and narrow, so they never cover the menu. */}
        <Notifications
          position="top-right"
          autoClose={5000}
          limit={3}
          containerWidth={340}
          zIndex={TOAST_Z_INDEX}
          className="app-toasts"
          style={{ '--app-bar-height': `${BAR_HEIGHT}px` }}
        />
        <ModalsProvider>
          <Suspense fallback={null}>
            <AuthGate>
              <RouterProvider router={router} />
            </AuthGate>
          </Suspense>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
