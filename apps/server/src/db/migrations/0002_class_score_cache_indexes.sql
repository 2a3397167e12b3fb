CREATE TABLE "class_score_cache" (
	"coach_id" integer PRIMARY KEY NOT NULL,
	"grades_version" bigint NOT NULL,
	"user_ids" integer[] NOT NULL,
	"scores" double precision[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "grades_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_score_cache" ADD CONSTRAINT "class_score_cache_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_characteristic_values_user_idx" ON "student_characteristic_values" USING btree ("user_id","institution_id");