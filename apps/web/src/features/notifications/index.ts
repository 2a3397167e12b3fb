/** The notifications feature's public entry: what other features may use of it. */
export { NotificationsBell } from './NotificationsBell.tsx';
