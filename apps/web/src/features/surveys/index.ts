/** The surveys feature's public entry: what other features may use of it. */
export { EditSurveyPage } from './EditSurveyPage.tsx';
export { SurveyManagerPage } from './SurveyPages.tsx';
