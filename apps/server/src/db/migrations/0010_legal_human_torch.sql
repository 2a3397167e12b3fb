CREATE TABLE "playbook_answers" (
	"institution_id" integer NOT NULL,
	"playbook_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"phase" text NOT NULL,
	"characteristic_id" integer NOT NULL,
	"value" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playbook_answers_playbook_id_user_id_phase_characteristic_id_value_pk" PRIMARY KEY("playbook_id","user_id","phase","characteristic_id","value"),
	CONSTRAINT "playbook_answers_phase" CHECK ("playbook_answers"."phase" in ('planning', 'reflection'))
);
--> statement-breakpoint
CREATE TABLE "playbook_reminders" (
	"institution_id" integer NOT NULL,
	"playbook_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playbook_reminders_playbook_id_user_id_kind_pk" PRIMARY KEY("playbook_id","user_id","kind"),
	CONSTRAINT "playbook_reminders_kind" CHECK ("playbook_reminders"."kind" in ('planning_open', 'planning_closing'))
);
--> statement-breakpoint
ALTER TABLE "playbook_plans" ADD COLUMN "reflection_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "playbook_answers" ADD CONSTRAINT "playbook_answers_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_answers" ADD CONSTRAINT "playbook_answers_playbook_id_playbooks_id_fk" FOREIGN KEY ("playbook_id") REFERENCES "public"."playbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_answers" ADD CONSTRAINT "playbook_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_answers" ADD CONSTRAINT "playbook_answers_characteristic_id_characteristics_id_fk" FOREIGN KEY ("characteristic_id") REFERENCES "public"."characteristics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_reminders" ADD CONSTRAINT "playbook_reminders_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_reminders" ADD CONSTRAINT "playbook_reminders_playbook_id_playbooks_id_fk" FOREIGN KEY ("playbook_id") REFERENCES "public"."playbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_reminders" ADD CONSTRAINT "playbook_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playbook_answers_user_idx" ON "playbook_answers" USING btree ("user_id");