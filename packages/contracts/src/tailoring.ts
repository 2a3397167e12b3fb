/*
 * Tailoring (spec §2 cohort screens, §3 Cohort/Cohort group/Cohort rule/Dictionary data/Tailoring
 * distribution/Membership update task, §4, §5 Cohort, §7 Cohorts; docs/design.md "Tailoring semantics"):
 * the wire schemas (tailoring-schemas.ts), the pure rules (tailoring-rules.ts) and the texts
 * (tailoring-texts.ts), one entry for the rest of the code.
 */
export * from './tailoring-rules.ts';
export * from './tailoring-schemas.ts';
export * from './tailoring-texts.ts';
