/*
 * Requests started while the page's scripts still load (docs/student-experience.md "Early requests").
 * A classic `async` script (no imports, no module), named first in index.html's <head> by the build
 * (vite.config.ts `earlyRequests`), so it runs as soon as it is fetched, without waiting for the app's
 * JavaScript or the stylesheet:
 *
 *   - GET /api/v1/me at once (the app asks for it first, to know who is signed in);
 *   - on a coach dashboard URL, GET …/dashboard?parts=first at once, beside /me; on `/`, as soon as /me
 *     answers, for the coach dashboard it names as the user's home (`home`) when the user is a student of
 *     that coach (only students' dashboards send it). Not `?parts=rest`, nor the dashboard's code: asked
 *     for this early, the heavy `rest` and the page's ~30 files held up the server and the connections
 *     while the app's own first files still loaded, and the grade card came later, not sooner.
 *
 * Each answer (status, body text, Retry-After) waits in `window.__courseCoachEarly.answers` under its path
 * until the app moves it into its store of answers fetched ahead (apps/web/src/api/answers-ahead.ts), where
 * the app's first GET of that path takes it once instead of calling the network; an answer the app never
 * asks for is dropped with the page. `page` resolves to the path
 * the app will show once /me answers (its `home` on `/`), or null, so that the app starts loading that
 * page's code beside its data. Plain ES2017, no dependencies: the server's CSP allows it (`script-src 'self'`).
 */
(() => {
  const DASHBOARD = /^\/Dashboard\/Coach\/(\d+)\/CoachDetails\/?$/;
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
        return here;
      }
      const home = DASHBOARD.exec(body.home);
      if (home && studentOf(body, home[1])) part(home[1], 'first');
      return body.home;
    })
    .catch(() => null);
  window.__courseCoachEarly = { answers, page };
})();
