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
ALTER TABLE "engagement_activity" ADD CONSTRAINT "engagement_activity_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_figures" ADD CONSTRAINT "engagement_figures_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_import_id_characteristic_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."characteristic_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_mappings_key" ON "import_mappings" USING btree ("coach_id","name");--> statement-breakpoint
CREATE INDEX "import_uploads_coach_idx" ON "import_uploads" USING btree ("coach_id");