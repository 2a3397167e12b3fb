CREATE TABLE "content_exclusions" (
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"content_kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "content_exclusions_content_kind_content_id_user_id_pk" PRIMARY KEY("content_kind","content_id","user_id"),
	CONSTRAINT "content_exclusions_kind" CHECK ("content_exclusions"."content_kind" in ('bulletin', 'email', 'survey'))
);
--> statement-breakpoint
ALTER TABLE "content_exclusions" ADD CONSTRAINT "content_exclusions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_exclusions" ADD CONSTRAINT "content_exclusions_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_exclusions" ADD CONSTRAINT "content_exclusions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_exclusions_coach_idx" ON "content_exclusions" USING btree ("coach_id");