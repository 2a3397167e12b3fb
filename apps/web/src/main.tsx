import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { earlyPage } from './api/answers-ahead.ts';
import { createQueryClient } from './api/query-client.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { preloadPageFor } from './routes/coach-pages.tsx';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The page index.html's early requests found (a student's dashboard on `/`): its code loads beside its data.
void earlyPage().then(preloadPageFor);

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
