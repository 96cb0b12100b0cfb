import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '../components/toast/toast-provider.tsx';
import { i18n } from '../lib/i18n.ts';
import type { createAppRouter } from './router.tsx';

/** The providers every screen relies on; rendered only after the start-up sequence has run. */
export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <ToastProvider>
            <Suspense fallback={null}>
              <RouterProvider router={router} />
            </Suspense>
          </ToastProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
