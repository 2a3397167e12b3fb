/** The audience feature's public entry: the "Who sees this" panel of the content editors. */
export { AudiencePanel, type DraftTargeting } from './AudiencePanel.tsx';
export { invalidateAudience } from './audience-api.ts';
