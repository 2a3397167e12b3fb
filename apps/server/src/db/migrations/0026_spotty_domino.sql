ALTER TABLE "coaches" ADD COLUMN "enrollment_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "tailoring_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "membership_version" bigint DEFAULT 0 NOT NULL;