CREATE TABLE "lti_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"context_row_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_score_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"context_row_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD CONSTRAINT "lti_line_items_context_row_id_lti_contexts_id_fk" FOREIGN KEY ("context_row_id") REFERENCES "public"."lti_contexts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_posts" ADD CONSTRAINT "lti_score_posts_context_row_id_lti_contexts_id_fk" FOREIGN KEY ("context_row_id") REFERENCES "public"."lti_contexts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_posts" ADD CONSTRAINT "lti_score_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_line_items_key" ON "lti_line_items" USING btree ("context_row_id","item_type","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_score_posts_key" ON "lti_score_posts" USING btree ("context_row_id","item_type","item_id","user_id");--> statement-breakpoint
CREATE INDEX "lti_score_posts_due_idx" ON "lti_score_posts" USING btree ("state","next_attempt_at");