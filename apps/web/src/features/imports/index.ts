/** Guided import of a registrar's file (public entry of the feature; README "Importing a registrar's file"). */
export { GUIDED_IMPORT_TITLE, GuidedImportPage } from './GuidedImportPage.tsx';
