CREATE TABLE "chain_balances" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"token" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"units" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_balances_network_address_token_pk" PRIMARY KEY("network","address","token"),
	CONSTRAINT "chain_balances_units_check" CHECK ("chain_balances"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chain_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"block_number" bigint,
	"checked_at" timestamp with time zone,
	"status" text NOT NULL,
	"status_since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_networks_status_check" CHECK ("chain_networks"."status" in ('watched', 'unreachable'))
);
