/*
 * The module later-styles.ts loads: its only content is the stylesheet, which the build emits as a CSS file
 * that this module's chunk waits for.
 */
import './mantine-later.css';
