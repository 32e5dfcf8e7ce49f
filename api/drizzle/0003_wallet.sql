CREATE TABLE "wallet_relayer_nonces" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" integer NOT NULL,
	CONSTRAINT "wallet_relayer_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "wallet_signers" (
	"organization_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"signing_device_uid" uuid,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wallet_signers_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_signers_organization_uid_user_uid_pk" PRIMARY KEY("organization_uid","user_uid")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"organization_uid" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'undeployed' NOT NULL,
	"chain_id" integer,
	"address" text,
	"owners" jsonb,
	"threshold" integer,
	"salt_nonce" text,
	"proxy_factory" text,
	"singleton" text,
	"fallback_handler" text,
	"deploy_attempt" integer DEFAULT 0 NOT NULL,
	"tx_hash" text,
	"tx_nonce" integer,
	"raw_tx" text,
	"error" text,
	"requested_at" timestamp with time zone,
	"deployed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_status_check" CHECK ("wallets"."status" in ('undeployed', 'deploying', 'deployed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "wallet_signers" ADD CONSTRAINT "wallet_signers_signing_device_uid_signing_devices_uid_fk" FOREIGN KEY ("signing_device_uid") REFERENCES "public"."signing_devices"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_signers" ADD CONSTRAINT "wallet_signers_membership_fk" FOREIGN KEY ("organization_uid","user_uid") REFERENCES "public"."memberships"("organization_uid","user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;