ALTER TABLE "email_deliveries" DROP CONSTRAINT "email_deliveries_state";--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_state" CHECK ("email_deliveries"."state" in ('claimed', 'delivered', 'unconfirmed', 'failed'));