import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { earlyPage } from './api/answers-ahead.ts';
import { preloadShellSchemas } from './api/lazy-schemas.ts';
import { createQueryClient } from './api/query-client.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { preloadPageFor } from './routes/coach-pages.tsx';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The page index.html's early requests found (a student's dashboard on `/`): its code loads beside its data,
// and so do the schemas a signed-in page reads its first answers with (none for a signed-out visitor).
void earlyPage().then((path) => {
  preloadPageFor(path);
  if (path !== null) preloadShellSchemas();
});

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
