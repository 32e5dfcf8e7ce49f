CREATE TABLE "idempotency_keys" (
	"organization_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "idempotency_keys_organization_uid_user_uid_key_pk" PRIMARY KEY("organization_uid","user_uid","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_uid" uuid NOT NULL,
	"account_uid" uuid NOT NULL,
	"transfer_uid" uuid NOT NULL,
	"posting" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	CONSTRAINT "ledger_entries_status_check" CHECK ("ledger_entries"."status" in ('pending', 'posted', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"provider_uid" uuid NOT NULL,
	"type" text NOT NULL,
	"network" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"source_currency" text NOT NULL,
	"source_amount" numeric(38, 8) NOT NULL,
	"target_currency" text NOT NULL,
	"target_amount" numeric(38, 8) NOT NULL,
	"rate" numeric(38, 8) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"fee_currency" text NOT NULL,
	"external_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_uid" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"provider_uid" uuid NOT NULL,
	"quote_uid" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"network" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"source_currency" text NOT NULL,
	"source_amount" numeric(38, 8) NOT NULL,
	"target_currency" text NOT NULL,
	"target_amount" numeric(38, 8) NOT NULL,
	"rate" numeric(38, 8) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"fee_currency" text NOT NULL,
	"wallet_uid" uuid,
	"wallet_name" text,
	"wallet_address" text,
	"bank_beneficiary_uid" uuid,
	"beneficiary_name" text,
	"beneficiary_account_key" text,
	"instructions" jsonb,
	"external_id" text,
	"tx_hash" text,
	"payout_reference" text,
	"failure_reason" text,
	"approval_required" boolean DEFAULT false NOT NULL,
	"approved_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_status_check" CHECK ("transfers"."status" in ('awaiting_approval', 'awaiting_funds', 'funds_received', 'payment_submitted', 'completed', 'failed', 'returned', 'canceled')),
	CONSTRAINT "transfers_type_check" CHECK ("transfers"."type" in ('on_ramp', 'off_ramp', 'deposit'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "off_ramp_approval_threshold" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_uid_ledger_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."ledger_accounts"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_uid_transfers_uid_fk" FOREIGN KEY ("transfer_uid") REFERENCES "public"."transfers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_provider_uid_providers_uid_fk" FOREIGN KEY ("provider_uid") REFERENCES "public"."providers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_uid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_transfer_uid_transfers_uid_fk" FOREIGN KEY ("transfer_uid") REFERENCES "public"."transfers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_provider_uid_providers_uid_fk" FOREIGN KEY ("provider_uid") REFERENCES "public"."providers"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_quote_uid_quotes_uid_fk" FOREIGN KEY ("quote_uid") REFERENCES "public"."quotes"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_wallet_uid_registered_wallets_uid_fk" FOREIGN KEY ("wallet_uid") REFERENCES "public"."registered_wallets"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_bank_beneficiary_uid_bank_beneficiaries_uid_fk" FOREIGN KEY ("bank_beneficiary_uid") REFERENCES "public"."bank_beneficiaries"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_approved_by_users_uid_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_users_uid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_organization_kind_currency_unique" ON "ledger_accounts" USING btree ("organization_uid","kind","currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_uid","status");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_uid");--> statement-breakpoint
CREATE INDEX "quotes_organization_idx" ON "quotes" USING btree ("organization_uid","created_at");--> statement-breakpoint
CREATE INDEX "transfer_events_transfer_idx" ON "transfer_events" USING btree ("transfer_uid","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_quote_unique" ON "transfers" USING btree ("quote_uid");--> statement-breakpoint
CREATE INDEX "transfers_organization_created_idx" ON "transfers" USING btree ("organization_uid","created_at","uid");--> statement-breakpoint
CREATE INDEX "transfers_organization_status_created_idx" ON "transfers" USING btree ("organization_uid","status","created_at");--> statement-breakpoint
CREATE INDEX "transfers_organization_type_created_idx" ON "transfers" USING btree ("organization_uid","type","created_at");--> statement-breakpoint
CREATE INDEX "transfers_organization_currency_created_idx" ON "transfers" USING btree ("organization_uid","fiat_currency","created_at");--> statement-breakpoint
CREATE INDEX "transfers_open_updated_idx" ON "transfers" USING btree ("updated_at") WHERE "transfers"."status" in ('awaiting_funds', 'funds_received', 'payment_submitted');--> statement-breakpoint
CREATE INDEX "transfers_wallet_idx" ON "transfers" USING btree ("wallet_uid");--> statement-breakpoint
CREATE INDEX "transfers_bank_beneficiary_idx" ON "transfers" USING btree ("bank_beneficiary_uid");