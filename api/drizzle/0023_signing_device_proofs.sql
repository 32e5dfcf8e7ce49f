CREATE TABLE "signing_device_challenges" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uid" uuid NOT NULL,
	"eth_address" text NOT NULL,
	"message" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signing_devices" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_device_challenges" ADD CONSTRAINT "signing_device_challenges_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_device_challenges_user_idx" ON "signing_device_challenges" USING btree ("user_uid","created_at");