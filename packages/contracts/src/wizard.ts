/**
 * Coach setup wizard (spec §2 "Coach setup wizard", §3 "Wizard form data", "Wizard reference
 * data", §4 "Wizard order", §5 "Wizard", §7 "Wizard", §8 "Wizard failure", §9). Shared by the server
 * (validation, answers) and the wizard screens.
 *
 * Field errors of a refused save are keyed like the form: `coach_name`, `admins.0.email`,
 * `assessments.1.exam_date`, the question id for bulletin_followup, `content.2.publish_date`;
 * `non_field_errors` for the rest (docs/design.md, Errors).
 *
 * One file per concern under `wizard/`: the steps and their order, the texts, the business constants, the
 * question data, the form schemas and the API/page paths; this entry re-exports them.
 */

export * from './wizard/api.ts';
export * from './wizard/constants.ts';
export * from './wizard/endpoints.ts';
export * from './wizard/forms.ts';
export * from './wizard/questions.ts';
export * from './wizard/steps.ts';
export * from './wizard/texts.ts';
