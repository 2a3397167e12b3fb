/**
 * Surveys: the public entry of the module's service. Staff manage surveys and see them all; students
 * see the live surveys meant for them and answer them.
 *
 * - ./queries.ts: who sees which survey, and the wire shape
 * - ./authoring.ts: creating, replacing and deleting surveys (staff)
 * - ./answers.ts: a student's answers and what they change
 */
export { answerSurvey } from './answers.ts';
export { createSurvey, deleteSurvey, updateSurvey } from './authoring.ts';
export { getSurvey, listSurveys } from './queries.ts';
