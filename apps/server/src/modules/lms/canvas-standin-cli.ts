/**
 * `npm run canvas:standin`: runs the Canvas stand-in on its own (README "Canvas LMS").
 * Environment: CANVAS_STANDIN_PORT (default 3100), CANVAS_STANDIN_COURSES (default 12),
 * CANVAS_CLIENT_ID / CANVAS_CLIENT_SECRET (default: the stand-in's demo pair).
 */
import { startCanvasStandin } from './canvas-standin.ts';
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET } from './settings.ts';

const standin = await startCanvasStandin({
  port: Number(process.env.CANVAS_STANDIN_PORT || 3100),
  clientId: process.env.CANVAS_CLIENT_ID || undefined,
  clientSecret: process.env.CANVAS_CLIENT_SECRET || undefined,
  knobs: { courses: Number(process.env.CANVAS_STANDIN_COURSES || 12) },
});
console.log(`Canvas stand-in listening on ${standin.url} (${standin.knobs.courses} courses)`);
console.log(
  `Point the app at it: CANVAS_BASE_URL=${standin.url} CANVAS_CLIENT_ID=${process.env.CANVAS_CLIENT_ID || STANDIN_CLIENT_ID} ` +
    `CANVAS_CLIENT_SECRET=${process.env.CANVAS_CLIENT_SECRET || STANDIN_CLIENT_SECRET} LMS_TOKEN_KEY=$(openssl rand -base64 32)`,
);
const stop = () => void standin.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
