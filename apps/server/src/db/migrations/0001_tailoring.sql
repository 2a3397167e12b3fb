CREATE TABLE "characteristic_import_rows" (
	"import_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"characteristic_id" integer NOT NULL,
	"value" text,
	"num" double precision
);
--> statement-breakpoint
CREATE TABLE "characteristic_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"characteristics" text[] NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "characteristic_sources" (
	"characteristic_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	CONSTRAINT "characteristic_sources_characteristic_id_source_id_pk" PRIMARY KEY("characteristic_id","source_id")
);
--> statement-breakpoint
CREATE TABLE "characteristics" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"question" text NOT NULL,
	"kind" text NOT NULL,
	"is_multivalued" boolean DEFAULT false NOT NULL,
	"default_value" text,
	"restriction_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restriction_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cohort_id" integer,
	CONSTRAINT "characteristics_kind" CHECK ("characteristics"."kind" in ('range', 'set', 'text'))
);
--> statement-breakpoint
CREATE TABLE "cohort_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohort_memberships" (
	"cohort_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "cohort_memberships_cohort_id_user_id_pk" PRIMARY KEY("cohort_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "cohort_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"cohort_id" integer NOT NULL,
	"characteristic" text NOT NULL,
	"operation" text NOT NULL,
	"value" text,
	"values_for_include" text[] DEFAULT '{}'::text[] NOT NULL,
	"qualifying_subjects_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohort_sync_tasks" (
	"cohort_id" integer PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone,
	"requested_at" timestamp with time zone,
	"success_at" timestamp with time zone,
	"failure_at" timestamp with time zone,
	"failure_message" text,
	CONSTRAINT "cohort_sync_tasks_state" CHECK ("cohort_sync_tasks"."state" in ('started', 'success', 'failure'))
);
--> statement-breakpoint
CREATE TABLE "cohorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"cohort_group_id" integer,
	"name" text NOT NULL,
	"source" text,
	"characteristic" text,
	"membership_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_characteristic_values" (
	"institution_id" integer NOT NULL,
	"characteristic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"value" text NOT NULL,
	"num" double precision,
	CONSTRAINT "student_characteristic_values_characteristic_id_user_id_source_id_value_pk" PRIMARY KEY("characteristic_id","user_id","source_id","value")
);
--> statement-breakpoint
CREATE TABLE "tailoring_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "characteristic_import_rows" ADD CONSTRAINT "characteristic_import_rows_import_id_characteristic_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."characteristic_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristic_imports" ADD CONSTRAINT "characteristic_imports_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristic_imports" ADD CONSTRAINT "characteristic_imports_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristic_sources" ADD CONSTRAINT "characteristic_sources_characteristic_id_characteristics_id_fk" FOREIGN KEY ("characteristic_id") REFERENCES "public"."characteristics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristic_sources" ADD CONSTRAINT "characteristic_sources_source_id_tailoring_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."tailoring_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristics" ADD CONSTRAINT "characteristics_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_groups" ADD CONSTRAINT "cohort_groups_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_groups" ADD CONSTRAINT "cohort_groups_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_rules" ADD CONSTRAINT "cohort_rules_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_rules" ADD CONSTRAINT "cohort_rules_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_sync_tasks" ADD CONSTRAINT "cohort_sync_tasks_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_sync_tasks" ADD CONSTRAINT "cohort_sync_tasks_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_cohort_group_id_cohort_groups_id_fk" FOREIGN KEY ("cohort_group_id") REFERENCES "public"."cohort_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_characteristic_values" ADD CONSTRAINT "student_characteristic_values_characteristic_id_characteristics_id_fk" FOREIGN KEY ("characteristic_id") REFERENCES "public"."characteristics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tailoring_sources" ADD CONSTRAINT "tailoring_sources_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "characteristic_import_rows_import_idx" ON "characteristic_import_rows" USING btree ("import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "characteristics_key" ON "characteristics" USING btree ("institution_id","name");--> statement-breakpoint
CREATE INDEX "cohort_groups_coach_idx" ON "cohort_groups" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "cohort_rules_cohort_idx" ON "cohort_rules" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "cohort_sync_tasks_state_idx" ON "cohort_sync_tasks" USING btree ("state");--> statement-breakpoint
CREATE INDEX "cohorts_coach_idx" ON "cohorts" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "cohorts_group_idx" ON "cohorts" USING btree ("cohort_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tailoring_sources_key" ON "tailoring_sources" USING btree ("institution_id","name");