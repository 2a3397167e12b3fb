import { defineSweep } from './a11y-sweep.ts';

/** Part 1 of the accessibility sweep (apps/web/e2e/a11y-sweep.ts); the parts run in different e2e lanes. */
defineSweep(0, 2);
