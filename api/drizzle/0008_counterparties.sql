CREATE TABLE "bank_beneficiaries" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"type" text NOT NULL,
	"pix_key_type" text,
	"account_key" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_beneficiaries_type_check" CHECK ("bank_beneficiaries"."type" in ('Clabe', 'PixKey')),
	CONSTRAINT "bank_beneficiaries_pix_key_type_check" CHECK (("bank_beneficiaries"."type" = 'Clabe' and "bank_beneficiaries"."pix_key_type" is null) or ("bank_beneficiaries"."type" = 'PixKey' and "bank_beneficiaries"."pix_key_type" in ('cpf', 'cnpj', 'phone', 'email', 'random')))
);
--> statement-breakpoint
CREATE TABLE "registered_wallets" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registered_wallets_network_check" CHECK ("registered_wallets"."network" in ('ethereum', 'ethereum-sepolia', 'arbitrum-one', 'arbitrum-sepolia', 'solana', 'polygon', 'polygon-amoy', 'gnosis', 'gnosis-chiado', 'celo', 'binance-smart-chain', 'binance-smart-chain-testnet', 'linea', 'linea-sepolia', 'moonbeam', 'avalanche', 'base', 'base-sepolia', 'optimism', 'optimism-sepolia', 'mantle', 'mantle-sepolia', 'chiliz', 'chiliz-spicy'))
);
--> statement-breakpoint
ALTER TABLE "bank_beneficiaries" ADD CONSTRAINT "bank_beneficiaries_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registered_wallets" ADD CONSTRAINT "registered_wallets_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_beneficiaries_organization_type_key_unique" ON "bank_beneficiaries" USING btree ("organization_uid","type","account_key");--> statement-breakpoint
CREATE UNIQUE INDEX "registered_wallets_organization_network_address_unique" ON "registered_wallets" USING btree ("organization_uid","network","address");