/** The bulletins feature's public entry: what other features may use of it. */
export { BulletinList } from './BulletinList.tsx';
