ALTER TABLE "lti_line_items" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "lti_score_posts" ADD COLUMN "last_attempt_at" timestamp with time zone;