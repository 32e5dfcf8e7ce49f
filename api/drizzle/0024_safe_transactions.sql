CREATE TABLE "safe_transaction_confirmations" (
	"safe_transaction_uid" uuid NOT NULL,
	"owner" text NOT NULL,
	"signature" text NOT NULL,
	"user_uid" uuid,
	"signing_device_uid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safe_transaction_confirmations_safe_transaction_uid_owner_pk" PRIMARY KEY("safe_transaction_uid","owner")
);
--> statement-breakpoint
CREATE TABLE "safe_transactions" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"safe_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"safe_tx_hash" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"tx" jsonb NOT NULL,
	"transfer" jsonb,
	"owners" jsonb NOT NULL,
	"threshold" integer NOT NULL,
	"proposed_by" uuid,
	"execution_tx_hash" text,
	"execution_raw_tx" text,
	"execution_nonce" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safe_transactions_kind_check" CHECK ("safe_transactions"."kind" in ('transfer', 'rejection')),
	CONSTRAINT "safe_transactions_status_check" CHECK ("safe_transactions"."status" in ('awaiting_confirmations', 'ready', 'executing', 'executed', 'failed', 'replaced'))
);
--> statement-breakpoint
ALTER TABLE "safe_transaction_confirmations" ADD CONSTRAINT "safe_transaction_confirmations_safe_transaction_uid_safe_transactions_uid_fk" FOREIGN KEY ("safe_transaction_uid") REFERENCES "public"."safe_transactions"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_transaction_confirmations" ADD CONSTRAINT "safe_transaction_confirmations_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_transaction_confirmations" ADD CONSTRAINT "safe_transaction_confirmations_signing_device_uid_signing_devices_uid_fk" FOREIGN KEY ("signing_device_uid") REFERENCES "public"."signing_devices"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_transactions" ADD CONSTRAINT "safe_transactions_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_transactions" ADD CONSTRAINT "safe_transactions_proposed_by_users_uid_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "safe_transactions_hash_unique" ON "safe_transactions" USING btree ("chain_id","safe_address","safe_tx_hash");--> statement-breakpoint
CREATE INDEX "safe_transactions_organization_nonce_idx" ON "safe_transactions" USING btree ("organization_uid","nonce","created_at");