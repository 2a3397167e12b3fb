CREATE TABLE "class_score_cache" (
	"coach_id" integer PRIMARY KEY NOT NULL,
	"grades_version" bigint NOT NULL,
	"user_ids" integer[] NOT NULL,
	"scores" double precision[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"step" text DEFAULT 'canvas_auth' NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"form_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "coach_setups_status" CHECK ("coach_setups"."status" in ('in_progress', 'setting_up', 'failed', 'complete'))
);
--> statement-breakpoint
CREATE TABLE "institution_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"starts_on" date,
	"length_days" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "setup_status" text DEFAULT 'complete' NOT NULL;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "grades_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_score_cache" ADD CONSTRAINT "class_score_cache_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_setups" ADD CONSTRAINT "coach_setups_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_setups" ADD CONSTRAINT "coach_setups_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_setups" ADD CONSTRAINT "coach_setups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_courses" ADD CONSTRAINT "institution_courses_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_terms" ADD CONSTRAINT "institution_terms_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_setups_coach_key" ON "coach_setups" USING btree ("coach_id");--> statement-breakpoint
CREATE UNIQUE INDEX "institution_courses_key" ON "institution_courses" USING btree ("institution_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "institution_terms_key" ON "institution_terms" USING btree ("institution_id","code");--> statement-breakpoint
CREATE INDEX "student_characteristic_values_user_idx" ON "student_characteristic_values" USING btree ("user_id","institution_id");