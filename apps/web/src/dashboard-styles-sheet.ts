/*
 * The module later-styles.ts's `loadDashboardStyles` loads: its only content is the stylesheet, which the
 * build emits as a CSS file that this module's chunk waits for.
 */
import './mantine-dashboard.css';
