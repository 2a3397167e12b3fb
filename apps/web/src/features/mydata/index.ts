/** The my-data feature's public entry: what other features may use of it. */
export { WhyLink } from './WhyLink.tsx';
