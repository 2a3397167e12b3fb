/*
 * Requests started while the page's scripts still load (docs/student-experience.md "Early requests").
 * A classic `defer` script (no imports, no module), named first in index.html's <head> by the build
 * (vite.config.ts `earlyRequests`), so it runs once it is fetched and the HTML parsed, before the app's
 * module script and without waiting for the app's JavaScript:
 *
 *   - GET /api/v1/me at once (the app asks for it first, to know who is signed in);
 *   - on a coach dashboard URL, GET …/dashboard?parts=first at once, beside /me, and ?parts=rest once /me
 *     says the user is a student of that coach (only students' dashboards send these requests; `rest` is
 *     the heavy one); on `/`, both as soon as /me answers, for the coach dashboard it names as the user's
 *     home (`home`) when the user is a student of that coach.
 *
 * Once /me names a coach dashboard as the page to show, the files of the dashboard's code that the build
 * listed in this script's `data-dashboard` attribute are preloaded (`<link rel="modulepreload">` for
 * JavaScript, `rel="preload"` for CSS), beside the app's own first files rather than after them.
 *
 * Each answer (status, body text, Retry-After) waits in `window.__courseCoachEarly.answers` under its path
 * for the app's first GET of that path (apps/web/src/api/early-answers.ts), which takes it once instead of
 * calling the network; an answer the app never asks for is dropped with the page. `page` resolves to the path
 * the app will show once /me answers (its `home` on `/`), or null, so that the app starts loading that
 * page's code beside its data. Plain ES2017, no dependencies: the server's CSP allows it (`script-src 'self'`).
 */
(() => {
  const DASHBOARD = /^\/Dashboard\/Coach\/(\d+)\/CoachDetails\/?$/;
  const dashboardFiles = (document.currentScript?.dataset.dashboard ?? '').split(' ').filter(Boolean);
  const preloadDashboard = () => {
    for (const href of dashboardFiles) {
      const link = document.createElement('link');
      if (href.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
        link.crossOrigin = '';
      }
      link.href = href;
      document.head.appendChild(link);
    }
  };
  const answers = {};
  const get = (path) => {
    const answer = fetch(path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      priority: 'high',
    }).then((response) =>
      response.text().then((text) => ({
        status: response.status,
        text,
        retryAfter: response.headers.get('retry-after'),
      })),
    );
    // A network failure is the app's to report, when it calls again: never an unhandled rejection here.
    answer.catch(() => undefined);
    answers[path] = { answer, startedAt: Date.now() };
  };
  const part = (coachId, group) => get(`/api/v1/coach/${coachId}/dashboard?parts=${group}`);
  /** Whether /me names the user a student of coach `coachId` (only students' dashboards send `?parts=`). */
  const studentOf = (me, coachId) => me.coaches.some((c) => String(c.id) === coachId && c.role === 'student');
  const here = location.pathname;
  get('/api/v1/me');
  const direct = DASHBOARD.exec(here);
  // The light `first` group beside /me; the heavier `rest` once /me says the user is a student there.
  if (direct) part(direct[1], 'first');
  const page = answers['/api/v1/me'].answer
    .then((me) => {
      if (me.status !== 200) return null;
      const body = JSON.parse(me.text);
      if (here !== '/') {
        if (direct && studentOf(body, direct[1])) part(direct[1], 'rest');
        if (direct) preloadDashboard();
        return here;
      }
      const home = DASHBOARD.exec(body.home);
      if (home && studentOf(body, home[1])) {
        part(home[1], 'first');
        part(home[1], 'rest');
      }
      if (home) preloadDashboard();
      return body.home;
    })
    .catch(() => null);
  window.__courseCoachEarly = { answers, page };
})();
