ALTER TABLE "transfer_events" DROP CONSTRAINT "transfer_events_note_code_check";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_failure_reason_code_check";--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "safe_address" text;--> statement-breakpoint
ALTER TABLE "safe_transactions" ADD COLUMN "transfer_uid" uuid;--> statement-breakpoint
ALTER TABLE "safe_transactions" ADD CONSTRAINT "safe_transactions_transfer_uid_transfers_uid_fk" FOREIGN KEY ("transfer_uid") REFERENCES "public"."transfers"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "safe_transactions_transfer_unique" ON "safe_transactions" USING btree ("transfer_uid") WHERE "safe_transactions"."kind" = 'transfer';--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_note_code_check" CHECK ("transfer_events"."note_code" in ('approved_by', 'canceled_by', 'rejected_by', 'provider_unavailable', 'provider_refused', 'provider_unreachable', 'quote_expired_unpaid'));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_failure_reason_code_check" CHECK ("transfers"."failure_reason_code" in ('canceled_by', 'rejected_by', 'provider_unavailable', 'provider_refused', 'provider_unreachable', 'quote_expired_unpaid'));