CREATE TABLE "attachments" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"message_uid" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_uid" uuid NOT NULL,
	"organization_uid" uuid NOT NULL,
	"seq" integer NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"direction" text NOT NULL,
	"author_uid" uuid,
	"delivery" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', subject || ' ' || text)) STORED NOT NULL,
	CONSTRAINT "messages_direction_check" CHECK ("messages"."direction" in ('inbound', 'outbound')),
	CONSTRAINT "messages_delivery_check" CHECK ("messages"."delivery" in ('received', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "organization_mail_addresses" (
	"local_part" text PRIMARY KEY NOT NULL,
	"organization_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"provider_uid" uuid NOT NULL,
	CONSTRAINT "provider_addresses_lowercase" CHECK ("provider_addresses"."address" = lower("provider_addresses"."address"))
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temp_files" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"blob_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "temp_files_status_check" CHECK ("temp_files"."status" in ('pending', 'uploading', 'uploaded'))
);
--> statement-breakpoint
CREATE TABLE "thread_reads" (
	"thread_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"read_seq" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_reads_thread_uid_user_uid_pk" PRIMARY KEY("thread_uid","user_uid")
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"provider_uid" uuid,
	"name" text NOT NULL,
	"token" text NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "threads_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "from" text;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "cc" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "references" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_uid_messages_uid_fk" FOREIGN KEY ("message_uid") REFERENCES "public"."messages"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_uid_threads_uid_fk" FOREIGN KEY ("thread_uid") REFERENCES "public"."threads"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_uid_users_uid_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_mail_addresses" ADD CONSTRAINT "organization_mail_addresses_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_addresses" ADD CONSTRAINT "provider_addresses_provider_uid_providers_uid_fk" FOREIGN KEY ("provider_uid") REFERENCES "public"."providers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_files" ADD CONSTRAINT "temp_files_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_files" ADD CONSTRAINT "temp_files_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_thread_uid_threads_uid_fk" FOREIGN KEY ("thread_uid") REFERENCES "public"."threads"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_provider_uid_providers_uid_fk" FOREIGN KEY ("provider_uid") REFERENCES "public"."providers"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_message_uid_idx" ON "attachments" USING btree ("message_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_organization_message_id_unique" ON "messages" USING btree ("organization_uid","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_thread_seq_unique" ON "messages" USING btree ("thread_uid","seq");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "organization_mail_addresses_organization_uid_idx" ON "organization_mail_addresses" USING btree ("organization_uid");--> statement-breakpoint
CREATE INDEX "provider_addresses_provider_uid_idx" ON "provider_addresses" USING btree ("provider_uid");--> statement-breakpoint
CREATE INDEX "temp_files_created_at_idx" ON "temp_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "threads_organization_activity_idx" ON "threads" USING btree ("organization_uid","last_message_at" DESC NULLS LAST,"uid" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD CONSTRAINT "outbox_mails_message_id_unique" UNIQUE("message_id");--> statement-breakpoint
-- Every existing organization receives mail at its current slug.
INSERT INTO "organization_mail_addresses" ("local_part", "organization_uid") SELECT "slug", "uid" FROM "organizations" ON CONFLICT DO NOTHING;