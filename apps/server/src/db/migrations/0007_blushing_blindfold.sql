CREATE TABLE "engagement_class_weeks" (
	"coach_id" integer NOT NULL,
	"week" smallint NOT NULL,
	"class_median" double precision NOT NULL,
	"as_of_day" integer NOT NULL,
	"class_size" integer NOT NULL,
	CONSTRAINT "engagement_class_weeks_coach_id_week_pk" PRIMARY KEY("coach_id","week")
);
--> statement-breakpoint
ALTER TABLE "engagement_class_weeks" ADD CONSTRAINT "engagement_class_weeks_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;