/** The wizard feature's public entry: what other features may use of it. */
export { UnfinishedSetups } from './UnfinishedSetups.tsx';
