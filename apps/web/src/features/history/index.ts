/** The history feature's public entry: what other features may use of it. */
export { CompletionHistory } from './CompletionHistory.tsx';
