CREATE TABLE "bulletin_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"bulletin_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulletin_stars" (
	"institution_id" integer NOT NULL,
	"bulletin_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"starred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulletin_stars_bulletin_id_user_id_pk" PRIMARY KEY("bulletin_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bulletins" ADD COLUMN "audience_cohort_id" integer;--> statement-breakpoint
ALTER TABLE "bulletins" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bulletin_pages" ADD CONSTRAINT "bulletin_pages_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_pages" ADD CONSTRAINT "bulletin_pages_bulletin_id_bulletins_id_fk" FOREIGN KEY ("bulletin_id") REFERENCES "public"."bulletins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_stars" ADD CONSTRAINT "bulletin_stars_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_stars" ADD CONSTRAINT "bulletin_stars_bulletin_id_bulletins_id_fk" FOREIGN KEY ("bulletin_id") REFERENCES "public"."bulletins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_stars" ADD CONSTRAINT "bulletin_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulletin_pages_bulletin_position_key" ON "bulletin_pages" USING btree ("bulletin_id","position");--> statement-breakpoint
CREATE INDEX "bulletin_stars_user_idx" ON "bulletin_stars" USING btree ("user_id");