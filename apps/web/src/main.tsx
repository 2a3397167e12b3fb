import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { earlyPage } from './api/answers-ahead.ts';
import { preloadShellSchemas } from './api/lazy-schemas.ts';
import { createQueryClient } from './api/query-client.ts';
import { holdFirstContent } from './components/first-content.ts';
import { browserHistory, TransitionRouter } from './components/navigation.tsx';
import { loadDashboardStyles, loadLaterStyles } from './later-styles.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';
import { preloadPageFor } from './routes/coach-pages.tsx';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The page index.html's early requests found (a student's dashboard on `/`): its code loads beside its data,
// and so do the schemas a signed-in page reads its first answers with (none for a signed-out visitor). A
// coach dashboard says when its first content is shown; until then the header's signed-in parts wait
// (components/first-content.ts); for any other page they wait for nothing but the browser's first idle moment.
const releaseFirstContent = holdFirstContent();
void earlyPage().then((path) => {
  const dashboard = preloadPageFor(path);
  if (!dashboard) releaseFirstContent();
  if (path === null) return;
  preloadShellSchemas();
  // Every signed-in page waits for its stylesheets (routes/page.ts): they load beside the page's code. The
  // coach dashboard's first content needs mantine-dashboard.css only; other pages mantine-later.css too.
  (dashboard ? loadDashboardStyles() : loadLaterStyles()).catch(() => undefined);
});

const queryClient = createQueryClient();
const history = browserHistory();

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <TransitionRouter history={history}>
        <AppRoutes />
      </TransitionRouter>
    </AppProviders>
  </StrictMode>,
);
