ALTER TABLE "enrollments" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "roster_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "roster_result" jsonb;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "roster_error" text;--> statement-breakpoint
ALTER TABLE "lti_registrations" ADD COLUMN "token_url" text;