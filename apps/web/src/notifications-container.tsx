/**
 * Mantine's notifications container (with react-transition-group and react-remove-scroll), the module
 * providers.tsx loads after the first screen: imported from here rather than from the package in the
 * dynamic import, so that the bundler gives it a chunk of its own instead of the one holding the store,
 * which the first load needs (docs/architecture.md "Keeping the first load small").
 */
export { Notifications } from '@mantine/notifications';
