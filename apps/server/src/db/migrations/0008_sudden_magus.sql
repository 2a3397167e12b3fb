CREATE TABLE "chart_settings" (
	"coach_id" integer PRIMARY KEY NOT NULL,
	"min_bar_students" integer DEFAULT 5 NOT NULL,
	"min_class_students" integer DEFAULT 10 NOT NULL,
	"comparison_cohort_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chart_settings_floors" CHECK ("chart_settings"."min_bar_students" >= 1 and "chart_settings"."min_class_students" >= "chart_settings"."min_bar_students")
);
--> statement-breakpoint
CREATE TABLE "peer_comparison_opt_outs" (
	"coach_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_comparison_opt_outs_coach_id_user_id_pk" PRIMARY KEY("coach_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "visible_to_students" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "student_characteristic_values" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "chart_settings" ADD CONSTRAINT "chart_settings_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_settings" ADD CONSTRAINT "chart_settings_comparison_cohort_id_cohorts_id_fk" FOREIGN KEY ("comparison_cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_comparison_opt_outs" ADD CONSTRAINT "peer_comparison_opt_outs_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_comparison_opt_outs" ADD CONSTRAINT "peer_comparison_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;