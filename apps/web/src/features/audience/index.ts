/** The audience feature's public entry: the "Who sees this" panel of the content editors. */
export { AudiencePanel } from './AudiencePanel.tsx';
