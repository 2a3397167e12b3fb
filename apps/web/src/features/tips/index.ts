/** The tips feature's public entry: what other features may use of it. */
export { TipsCard } from './TipsCard.tsx';
