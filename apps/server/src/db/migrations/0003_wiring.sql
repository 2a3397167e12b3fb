CREATE TABLE "content_characteristics" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"content_kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"characteristic" text NOT NULL,
	"value" text NOT NULL,
	"num" double precision,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_characteristics_kind" CHECK ("content_characteristics"."content_kind" in ('bulletin', 'email', 'survey', 'todolist', 'playbook_planning', 'playbook_emotions', 'playbook_reflection', 'gradebook', 'assignment', 'course'))
);
--> statement-breakpoint
CREATE TABLE "course_characteristics" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"document_name" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_characteristics_status" CHECK ("course_characteristics"."status" in ('Draft', 'Scheduled', 'Published'))
);
--> statement-breakpoint
ALTER TABLE "content_characteristics" ADD CONSTRAINT "content_characteristics_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_characteristics" ADD CONSTRAINT "content_characteristics_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_characteristics" ADD CONSTRAINT "course_characteristics_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_characteristics" ADD CONSTRAINT "course_characteristics_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_characteristics_content_idx" ON "content_characteristics" USING btree ("coach_id","content_kind","content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_characteristics_key" ON "content_characteristics" USING btree ("content_kind","content_id","characteristic","value");--> statement-breakpoint
CREATE INDEX "course_characteristics_coach_idx" ON "course_characteristics" USING btree ("coach_id");