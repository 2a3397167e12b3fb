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
CREATE TABLE "bulletin_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulletin_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"bulletin_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulletins" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"topic_id" integer,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon_url" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_queued" boolean DEFAULT false NOT NULL,
	"under_review" boolean DEFAULT false NOT NULL,
	"is_interactive" boolean DEFAULT false NOT NULL,
	"publish_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"related_credit" boolean DEFAULT false NOT NULL,
	"credit_deadline" timestamp with time zone,
	"audience_cohort_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playbook_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"playbook_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "playbooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"title" text NOT NULL,
	"assignment_type" text DEFAULT 'exam' NOT NULL,
	"exam_date" date,
	"custom_date_message" text,
	"is_released" boolean DEFAULT false NOT NULL,
	"planning_opens_on" date,
	"related_credit" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playbooks_assignment_type" CHECK ("playbooks"."assignment_type" in ('exam', 'quiz', 'assessment'))
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"title" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_queued" boolean DEFAULT false NOT NULL,
	"under_review" boolean DEFAULT false NOT NULL,
	"publish_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"related_credit" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_deliveries" (
	"email_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"state" text DEFAULT 'claimed' NOT NULL,
	"run_id" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"message_id" text,
	CONSTRAINT "email_deliveries_email_id_user_id_pk" PRIMARY KEY("email_id","user_id"),
	CONSTRAINT "email_deliveries_state" CHECK ("email_deliveries"."state" in ('claimed', 'delivered', 'unconfirmed'))
);
--> statement-breakpoint
CREATE TABLE "email_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"email_id" integer NOT NULL,
	"position" integer NOT NULL,
	"characteristic" text,
	"value" text,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"run_id" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emails_state" CHECK ("emails"."state" in ('draft', 'scheduled', 'sending', 'delivered'))
);
--> statement-breakpoint
CREATE TABLE "image_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"owner_user_id" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_content_type" CHECK ("images"."content_type" like 'image/%')
);
--> statement-breakpoint
CREATE TABLE "coach_lms_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"provider" text NOT NULL,
	"lms_course_id" text NOT NULL,
	"lms_course_name" text NOT NULL,
	"user_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lms_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"lms_user_id" text,
	"lms_user_name" text,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lms_authorizations_provider" CHECK ("lms_authorizations"."provider" in ('canvas'))
);
--> statement-breakpoint
CREATE TABLE "lms_oauth_states" (
	"id" text PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"provider" text NOT NULL,
	"return_to" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lms_user_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"provider" text NOT NULL,
	"lms_user_id" text NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"institution_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"value" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_answers_question_id_user_id_value_pk" PRIMARY KEY("question_id","user_id","value")
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"position" integer NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"characteristic_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "characteristic_import_rows" (
	"import_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"characteristic_id" integer NOT NULL,
	"value" text,
	"num" double precision
);
--> statement-breakpoint
CREATE TABLE "characteristic_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"characteristics" text[] NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "characteristic_sources" (
	"characteristic_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	CONSTRAINT "characteristic_sources_characteristic_id_source_id_pk" PRIMARY KEY("characteristic_id","source_id")
);
--> statement-breakpoint
CREATE TABLE "characteristics" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"question" text NOT NULL,
	"kind" text NOT NULL,
	"is_multivalued" boolean DEFAULT false NOT NULL,
	"default_value" text,
	"restriction_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restriction_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cohort_id" integer,
	CONSTRAINT "characteristics_kind" CHECK ("characteristics"."kind" in ('range', 'set', 'text'))
);
--> statement-breakpoint
CREATE TABLE "cohort_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohort_memberships" (
	"cohort_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "cohort_memberships_cohort_id_user_id_pk" PRIMARY KEY("cohort_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "cohort_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"cohort_id" integer NOT NULL,
	"characteristic" text NOT NULL,
	"operation" text NOT NULL,
	"value" text,
	"values_for_include" text[] DEFAULT '{}'::text[] NOT NULL,
	"qualifying_subjects_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohort_sync_tasks" (
	"cohort_id" integer PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone,
	"requested_at" timestamp with time zone,
	"success_at" timestamp with time zone,
	"failure_at" timestamp with time zone,
	"failure_message" text,
	CONSTRAINT "cohort_sync_tasks_state" CHECK ("cohort_sync_tasks"."state" in ('started', 'success', 'failure'))
);
--> statement-breakpoint
CREATE TABLE "cohorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"cohort_group_id" integer,
	"name" text NOT NULL,
	"source" text,
	"characteristic" text,
	"membership_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_characteristic_values" (
	"institution_id" integer NOT NULL,
	"characteristic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"value" text NOT NULL,
	"num" double precision,
	CONSTRAINT "student_characteristic_values_characteristic_id_user_id_source_id_value_pk" PRIMARY KEY("characteristic_id","user_id","source_id","value")
);
--> statement-breakpoint
CREATE TABLE "tailoring_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"html" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_todo_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_item_tags" (
	"institution_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "todo_item_tags_item_id_tag_id_pk" PRIMARY KEY("item_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "todo_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"todo_list_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_date" date,
	"staff_created" boolean DEFAULT false NOT NULL,
	"owner_user_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todo_items_owner" CHECK (("todo_items"."staff_created" and "todo_items"."owner_user_id" is null) or (not "todo_items"."staff_created" and "todo_items"."owner_user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "todo_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"is_queued" boolean DEFAULT false NOT NULL,
	"is_under_review" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_characteristics" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"content_kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"characteristic" text NOT NULL,
	"value" text NOT NULL,
	"num" double precision,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_characteristics_kind" CHECK ("content_characteristics"."content_kind" in ('bulletin', 'email', 'survey', 'todolist', 'playbook_planning', 'playbook_emotions', 'playbook_reflection', 'gradebook', 'assignment', 'course'))
);
--> statement-breakpoint
CREATE TABLE "course_characteristics" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"document_name" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_characteristics_status" CHECK ("course_characteristics"."status" in ('Draft', 'Scheduled', 'Published'))
);
--> statement-breakpoint
ALTER TABLE "bulletin_pages" ADD CONSTRAINT "bulletin_pages_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_pages" ADD CONSTRAINT "bulletin_pages_bulletin_id_bulletins_id_fk" FOREIGN KEY ("bulletin_id") REFERENCES "public"."bulletins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_stars" ADD CONSTRAINT "bulletin_stars_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_stars" ADD CONSTRAINT "bulletin_stars_bulletin_id_bulletins_id_fk" FOREIGN KEY ("bulletin_id") REFERENCES "public"."bulletins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_stars" ADD CONSTRAINT "bulletin_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_topics" ADD CONSTRAINT "bulletin_topics_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_topics" ADD CONSTRAINT "bulletin_topics_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_views" ADD CONSTRAINT "bulletin_views_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_views" ADD CONSTRAINT "bulletin_views_bulletin_id_bulletins_id_fk" FOREIGN KEY ("bulletin_id") REFERENCES "public"."bulletins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_views" ADD CONSTRAINT "bulletin_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletins" ADD CONSTRAINT "bulletins_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletins" ADD CONSTRAINT "bulletins_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletins" ADD CONSTRAINT "bulletins_topic_id_bulletin_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."bulletin_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_plans" ADD CONSTRAINT "playbook_plans_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_plans" ADD CONSTRAINT "playbook_plans_playbook_id_playbooks_id_fk" FOREIGN KEY ("playbook_id") REFERENCES "public"."playbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_plans" ADD CONSTRAINT "playbook_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbooks" ADD CONSTRAINT "playbooks_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbooks" ADD CONSTRAINT "playbooks_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sections" ADD CONSTRAINT "email_sections_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sections" ADD CONSTRAINT "email_sections_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_fields" ADD CONSTRAINT "image_fields_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_fields" ADD CONSTRAINT "image_fields_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_fields" ADD CONSTRAINT "image_fields_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_fields" ADD CONSTRAINT "image_fields_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_lms_courses" ADD CONSTRAINT "coach_lms_courses_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_lms_courses" ADD CONSTRAINT "coach_lms_courses_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_lms_courses" ADD CONSTRAINT "coach_lms_courses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_authorizations" ADD CONSTRAINT "lms_authorizations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_authorizations" ADD CONSTRAINT "lms_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_oauth_states" ADD CONSTRAINT "lms_oauth_states_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_oauth_states" ADD CONSTRAINT "lms_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_oauth_states" ADD CONSTRAINT "lms_oauth_states_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_user_links" ADD CONSTRAINT "lms_user_links_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_user_links" ADD CONSTRAINT "lms_user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_characteristic_id_characteristics_id_fk" FOREIGN KEY ("characteristic_id") REFERENCES "public"."characteristics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristic_import_rows" ADD CONSTRAINT "characteristic_import_rows_import_id_characteristic_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."characteristic_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristic_imports" ADD CONSTRAINT "characteristic_imports_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristic_imports" ADD CONSTRAINT "characteristic_imports_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristic_sources" ADD CONSTRAINT "characteristic_sources_characteristic_id_characteristics_id_fk" FOREIGN KEY ("characteristic_id") REFERENCES "public"."characteristics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristic_sources" ADD CONSTRAINT "characteristic_sources_source_id_tailoring_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."tailoring_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characteristics" ADD CONSTRAINT "characteristics_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_groups" ADD CONSTRAINT "cohort_groups_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_groups" ADD CONSTRAINT "cohort_groups_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_rules" ADD CONSTRAINT "cohort_rules_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_rules" ADD CONSTRAINT "cohort_rules_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_sync_tasks" ADD CONSTRAINT "cohort_sync_tasks_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_sync_tasks" ADD CONSTRAINT "cohort_sync_tasks_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_cohort_group_id_cohort_groups_id_fk" FOREIGN KEY ("cohort_group_id") REFERENCES "public"."cohort_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_characteristic_values" ADD CONSTRAINT "student_characteristic_values_characteristic_id_characteristics_id_fk" FOREIGN KEY ("characteristic_id") REFERENCES "public"."characteristics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tailoring_sources" ADD CONSTRAINT "tailoring_sources_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_todo_items" ADD CONSTRAINT "account_todo_items_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_todo_items" ADD CONSTRAINT "account_todo_items_item_id_todo_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."todo_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_todo_items" ADD CONSTRAINT "account_todo_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_item_tags" ADD CONSTRAINT "todo_item_tags_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_item_tags" ADD CONSTRAINT "todo_item_tags_item_id_todo_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."todo_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_item_tags" ADD CONSTRAINT "todo_item_tags_tag_id_todo_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."todo_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_todo_list_id_todo_lists_id_fk" FOREIGN KEY ("todo_list_id") REFERENCES "public"."todo_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_lists" ADD CONSTRAINT "todo_lists_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_lists" ADD CONSTRAINT "todo_lists_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_tags" ADD CONSTRAINT "todo_tags_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_tags" ADD CONSTRAINT "todo_tags_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_characteristics" ADD CONSTRAINT "content_characteristics_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_characteristics" ADD CONSTRAINT "content_characteristics_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_characteristics" ADD CONSTRAINT "course_characteristics_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_characteristics" ADD CONSTRAINT "course_characteristics_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulletin_pages_bulletin_position_key" ON "bulletin_pages" USING btree ("bulletin_id","position");--> statement-breakpoint
CREATE INDEX "bulletin_stars_user_idx" ON "bulletin_stars" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bulletin_topics_coach_name_key" ON "bulletin_topics" USING btree ("coach_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "bulletin_views_bulletin_user_key" ON "bulletin_views" USING btree ("bulletin_id","user_id");--> statement-breakpoint
CREATE INDEX "bulletin_views_user_idx" ON "bulletin_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bulletins_coach_idx" ON "bulletins" USING btree ("coach_id","publish_timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "playbook_plans_playbook_user_key" ON "playbook_plans" USING btree ("playbook_id","user_id");--> statement-breakpoint
CREATE INDEX "playbook_plans_user_idx" ON "playbook_plans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "playbooks_coach_idx" ON "playbooks" USING btree ("coach_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_survey_user_key" ON "survey_responses" USING btree ("survey_id","user_id");--> statement-breakpoint
CREATE INDEX "survey_responses_user_idx" ON "survey_responses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "surveys_coach_idx" ON "surveys" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "email_deliveries_user_idx" ON "email_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_sections_email_idx" ON "email_sections" USING btree ("email_id","position");--> statement-breakpoint
CREATE INDEX "emails_coach_idx" ON "emails" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "emails_due_idx" ON "emails" USING btree ("state","send_at");--> statement-breakpoint
CREATE UNIQUE INDEX "image_fields_coach_user_name_key" ON "image_fields" USING btree ("coach_id","user_id","name");--> statement-breakpoint
CREATE INDEX "images_coach_idx" ON "images" USING btree ("coach_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_lms_courses_coach_key" ON "coach_lms_courses" USING btree ("coach_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lms_authorizations_key" ON "lms_authorizations" USING btree ("institution_id","user_id","provider");--> statement-breakpoint
CREATE INDEX "lms_oauth_states_expires_idx" ON "lms_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lms_user_links_key" ON "lms_user_links" USING btree ("institution_id","provider","lms_user_id");--> statement-breakpoint
CREATE INDEX "survey_answers_user_idx" ON "survey_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "survey_questions_survey_idx" ON "survey_questions" USING btree ("survey_id","position");--> statement-breakpoint
CREATE INDEX "characteristic_import_rows_import_idx" ON "characteristic_import_rows" USING btree ("import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "characteristics_key" ON "characteristics" USING btree ("institution_id","name");--> statement-breakpoint
CREATE INDEX "cohort_groups_coach_idx" ON "cohort_groups" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "cohort_rules_cohort_idx" ON "cohort_rules" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "cohort_sync_tasks_state_idx" ON "cohort_sync_tasks" USING btree ("state");--> statement-breakpoint
CREATE INDEX "cohorts_coach_idx" ON "cohorts" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "cohorts_group_idx" ON "cohorts" USING btree ("cohort_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tailoring_sources_key" ON "tailoring_sources" USING btree ("institution_id","name");--> statement-breakpoint
CREATE INDEX "tips_coach_idx" ON "tips" USING btree ("coach_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "account_todo_items_item_user_key" ON "account_todo_items" USING btree ("item_id","user_id");--> statement-breakpoint
CREATE INDEX "account_todo_items_user_idx" ON "account_todo_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "todo_item_tags_tag_idx" ON "todo_item_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "todo_items_list_idx" ON "todo_items" USING btree ("todo_list_id","position");--> statement-breakpoint
CREATE INDEX "todo_items_coach_idx" ON "todo_items" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "todo_items_owner_idx" ON "todo_items" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "todo_lists_coach_idx" ON "todo_lists" USING btree ("coach_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "todo_tags_coach_label_key" ON "todo_tags" USING btree ("coach_id","label");--> statement-breakpoint
CREATE INDEX "content_characteristics_content_idx" ON "content_characteristics" USING btree ("coach_id","content_kind","content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_characteristics_key" ON "content_characteristics" USING btree ("content_kind","content_id","characteristic","value");--> statement-breakpoint
CREATE INDEX "course_characteristics_coach_idx" ON "course_characteristics" USING btree ("coach_id");