/** The images feature's public entry: what other features may use of it. */
export { ImageSelectModal } from './ImageSelectModal.tsx';
