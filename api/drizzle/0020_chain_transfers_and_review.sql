CREATE TABLE "chain_transfers" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"token" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"units" numeric(78, 0) NOT NULL,
	"kind" text NOT NULL,
	"organization_uid" uuid,
	"transfer_uid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_transfers_kind_check" CHECK ("chain_transfers"."kind" in ('delivery')),
	CONSTRAINT "chain_transfers_units_check" CHECK ("chain_transfers"."units" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "review_code" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "review_params" jsonb;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "review_message" text;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_transfer_uid_transfers_uid_fk" FOREIGN KEY ("transfer_uid") REFERENCES "public"."transfers"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_log_unique" ON "chain_transfers" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_transfers_transfer_idx" ON "chain_transfers" USING btree ("transfer_uid");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_review_code_check" CHECK ("transfers"."review_code" in ('delivery_not_found', 'delivery_reverted', 'delivery_mismatch', 'delivery_counted_elsewhere', 'network_unwatched'));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_review_complete_check" CHECK (("transfers"."review_code" is null) = ("transfers"."review_params" is null) and ("transfers"."review_code" is null) = ("transfers"."review_message" is null));