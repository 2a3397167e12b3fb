/** The FAQ feature's public entry: what other features may use of it (pages load by their files). */
export { SupportFooter } from './SupportFooter.tsx';
