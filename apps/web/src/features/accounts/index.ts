/** The accounts feature's public entry: its routes (the router spreads them in). */
export { accountPublicRoutes, accountRoutes } from './routes.tsx';
