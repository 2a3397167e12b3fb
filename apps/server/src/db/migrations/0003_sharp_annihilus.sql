ALTER TABLE "student_characteristic_values" DROP CONSTRAINT "student_characteristic_values_characteristic_id_user_id_source_id_value_pk";--> statement-breakpoint
ALTER TABLE "student_characteristic_values" ADD COLUMN "coach_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_characteristic_values" ADD CONSTRAINT "student_characteristic_values_characteristic_id_user_id_coach_id_source_id_value_pk" PRIMARY KEY("characteristic_id","user_id","coach_id","source_id","value");--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "value_type" text;--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "scope" text DEFAULT 'student' NOT NULL;--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "step" double precision;--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "characteristics" ADD CONSTRAINT "characteristics_scope" CHECK ("characteristics"."scope" in ('student', 'enrolment'));--> statement-breakpoint
ALTER TABLE "characteristics" ADD CONSTRAINT "characteristics_value_type" CHECK ("characteristics"."value_type" is null or "characteristics"."value_type" in ('categorical', 'ordinal', 'number', 'multivalued', 'yes_no'));