CREATE TABLE "documents" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"uploader_user_uid" uuid,
	"uploader_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('articles_of_incorporation', 'proof_of_address', 'tax_certificate', 'owner_id', 'other'))
);
--> statement-breakpoint
CREATE TABLE "kyb_applications" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_uid" uuid NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"data" jsonb NOT NULL,
	"decision_note" text,
	"submitted_at" timestamp with time zone,
	"submitted_by_user_uid" uuid,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyb_applications_organization_uid_unique" UNIQUE("organization_uid"),
	CONSTRAINT "kyb_applications_status_check" CHECK ("kyb_applications"."status" in ('NotStarted', 'Draft', 'Submitted', 'Approved', 'Rejected', 'ChangesRequested'))
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploader_user_uid_users_uid_fk" FOREIGN KEY ("uploader_user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_applications" ADD CONSTRAINT "kyb_applications_organization_uid_organizations_uid_fk" FOREIGN KEY ("organization_uid") REFERENCES "public"."organizations"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_applications" ADD CONSTRAINT "kyb_applications_submitted_by_user_uid_users_uid_fk" FOREIGN KEY ("submitted_by_user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_organization_idx" ON "documents" USING btree ("organization_uid","created_at");--> statement-breakpoint
CREATE INDEX "kyb_applications_status_idx" ON "kyb_applications" USING btree ("status","submitted_at");