/** The charts module's public entry: what other modules may use of it. */
export { loadChartSettings, optedOut, setOptOut } from './settings.ts';
