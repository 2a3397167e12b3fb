CREATE TABLE "cohort_sync_pending" (
	"cohort_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "cohort_sync_pending_cohort_id_user_id_pk" PRIMARY KEY("cohort_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "cohort_sync_tasks" ADD COLUMN "full_requested" boolean DEFAULT true NOT NULL;