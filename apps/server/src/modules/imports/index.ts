/** The imports module's public entry: what other modules may use of it. */
export {
  createDefinition,
  replaceAllValues,
  type ValueRow,
} from './characteristic-writer.ts';
