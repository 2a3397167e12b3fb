/** The checklists feature's public entry: what other features may use of it (pages load by their files). */
export { GettingStartedCard } from './GettingStartedCard.tsx';
