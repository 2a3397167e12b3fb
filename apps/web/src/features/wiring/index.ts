/** The wiring feature's public entry: what other features may use of it. */
export { WiringEditor } from './WiringEditor.tsx';
