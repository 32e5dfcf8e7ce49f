CREATE TABLE "wallet_deployments" (
	"organization_uid" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"status" text NOT NULL,
	"address" text NOT NULL,
	"deploy_attempt" integer DEFAULT 0 NOT NULL,
	"tx_hash" text,
	"tx_nonce" integer,
	"raw_tx" text,
	"error" text,
	"requested_at" timestamp with time zone,
	"deployed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_deployments_organization_uid_chain_id_pk" PRIMARY KEY("organization_uid","chain_id"),
	CONSTRAINT "wallet_deployments_status_check" CHECK ("wallet_deployments"."status" in ('undeployed', 'deploying', 'deployed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_status_check";--> statement-breakpoint
ALTER TABLE "wallet_deployments" ADD CONSTRAINT "wallet_deployments_organization_uid_wallets_organization_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."wallets"("organization_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_deployments_chain_status_idx" ON "wallet_deployments" USING btree ("chain_id","status");--> statement-breakpoint
-- The existing deployment becomes its first network's row (an undeployed wallet has none).
INSERT INTO "wallet_deployments" ("organization_uid", "chain_id", "status", "address", "deploy_attempt", "tx_hash", "tx_nonce", "raw_tx", "error", "requested_at", "deployed_at", "created_at")
SELECT "organization_uid", "chain_id", "status", "address", "deploy_attempt", "tx_hash", "tx_nonce", "raw_tx", "error", "requested_at", "deployed_at", coalesce("requested_at", "created_at")
FROM "wallets" WHERE "status" <> 'undeployed' AND "chain_id" IS NOT NULL AND "address" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "deploy_attempt";--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "tx_hash";--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "tx_nonce";--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "raw_tx";--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "error";--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "requested_at";--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "deployed_at";