/** The auth feature's public entry: what other features may use of it. */
export { type CoachAccess, coachAccess, useMe } from './me.ts';
export { loginPathFor, safeNextPath } from './safe-next.ts';
export { useSignOut } from './sign-out.ts';
