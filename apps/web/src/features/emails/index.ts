/** The emails feature's public entry: what other features may use of it. */
export { EditEmailPage } from './EditEmailPage.tsx';
export { EmailManagerPage } from './EmailManagerPage.tsx';
