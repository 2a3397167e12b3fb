CREATE TABLE "coach_activity_cache" (
	"coach_id" integer PRIMARY KEY NOT NULL,
	"activity_version" bigint NOT NULL,
	"query_key" text NOT NULL,
	"valid_until" timestamp with time zone,
	"student_count" integer NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "activity_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_activity_cache" ADD CONSTRAINT "coach_activity_cache_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playbook_plans_completed_idx" ON "playbook_plans" USING btree ("playbook_id","user_id") WHERE "playbook_plans"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "account_todo_items_completed_idx" ON "account_todo_items" USING btree ("item_id","user_id") WHERE "account_todo_items"."completed";