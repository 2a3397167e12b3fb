/** The shell feature's public entry: what other features may use of it. */
export { NotFoundPage } from './NotFoundPage.tsx';
