CREATE TABLE "content_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"content_kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"document_name" text NOT NULL,
	"content_type" text,
	"byte_size" integer,
	"data" "bytea",
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_documents_kind" CHECK ("content_documents"."content_kind" in ('bulletin', 'email', 'survey', 'playbook', 'gradebook', 'assignment')),
	CONSTRAINT "content_documents_file_or_link" CHECK (("content_documents"."data" is null) <> ("content_documents"."url" is null))
);
--> statement-breakpoint
CREATE TABLE "engagement_activity" (
	"coach_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"activity_type" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "engagement_activity_coach_id_user_id_day_activity_type_pk" PRIMARY KEY("coach_id","user_id","day","activity_type")
);
--> statement-breakpoint
CREATE TABLE "engagement_figures" (
	"coach_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"clicks_7d" integer NOT NULL,
	"clicks_14d" integer NOT NULL,
	"days_since_last" integer,
	"active_days" integer NOT NULL,
	"share" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"as_of_day" integer NOT NULL,
	CONSTRAINT "engagement_figures_coach_id_user_id_pk" PRIMARY KEY("coach_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"import_id" integer PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"mapping" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_text_length" CHECK (char_length("testimonials"."text") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "student_characteristic_values" ADD COLUMN "coach_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_characteristic_values" DROP CONSTRAINT "student_characteristic_values_characteristic_id_user_id_source_id_value_pk";--> statement-breakpoint
ALTER TABLE "student_characteristic_values" ADD CONSTRAINT "student_characteristic_values_characteristic_id_user_id_coach_id_source_id_value_pk" PRIMARY KEY("characteristic_id","user_id","coach_id","source_id","value");--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "value_type" text;--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "scope" text DEFAULT 'student' NOT NULL;--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "step" double precision;--> statement-breakpoint
ALTER TABLE "characteristics" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_activity" ADD CONSTRAINT "engagement_activity_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_figures" ADD CONSTRAINT "engagement_figures_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_import_id_characteristic_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."characteristic_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_documents_item_key" ON "content_documents" USING btree ("content_kind","content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_mappings_key" ON "import_mappings" USING btree ("coach_id","name");--> statement-breakpoint
CREATE INDEX "import_uploads_coach_idx" ON "import_uploads" USING btree ("coach_id");--> statement-breakpoint
CREATE UNIQUE INDEX "testimonials_coach_user_key" ON "testimonials" USING btree ("coach_id","user_id");--> statement-breakpoint
CREATE INDEX "testimonials_featured_idx" ON "testimonials" USING btree ("coach_id") WHERE "testimonials"."featured" and "testimonials"."consent";--> statement-breakpoint
ALTER TABLE "characteristics" ADD CONSTRAINT "characteristics_scope" CHECK ("characteristics"."scope" in ('student', 'enrolment'));--> statement-breakpoint
ALTER TABLE "characteristics" ADD CONSTRAINT "characteristics_value_type" CHECK ("characteristics"."value_type" is null or "characteristics"."value_type" in ('categorical', 'ordinal', 'number', 'multivalued', 'yes_no'));