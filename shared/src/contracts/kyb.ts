import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { API_PREFIX, ZIsoDateTime, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

/**
 * KYB (know your business): the application an organization fills in to become Approved, its
 * documents and the compliance review by platform operators. One set of rules and messages for the
 * API (save draft, submit, review) and the KYB form.
 *
 * States: NotStarted -> Draft -> Submitted -> Approved | Rejected(reason) | ChangesRequested(note),
 * and ChangesRequested -> Draft when someone edits it again. The organization's approvalStatus
 * follows: Approved only when the application is, Rejected when it is, Pending otherwise.
 */
export const KYB_STATUSES = [
  'NotStarted',
  'Draft',
  'Submitted',
  'Approved',
  'Rejected',
  'ChangesRequested',
] as const;
export const ZKybStatus = z.enum(KYB_STATUSES);
export type TKybStatus = z.infer<typeof ZKybStatus>;

/** States in which Admins and Editors may change the application. */
export const KYB_EDITABLE_STATUSES: readonly TKybStatus[] = ['NotStarted', 'Draft', 'ChangesRequested'];

// Field messages, exported so API tests and UI tests assert the same words.
export const KYB_MESSAGES = {
  legalNameRequired: 'Enter the legal name',
  countryRequired: 'Choose the country of incorporation',
  countryInvalid: 'Enter a two-letter country code (ISO 3166), e.g. US',
  taxIdRequired: 'Enter the tax id',
  rfcInvalid: 'Enter a valid RFC: 12 characters for a company (e.g. ABC010203XY9), 13 for a person',
  cnpjInvalid: 'Enter a valid CNPJ (14 digits, e.g. 11.222.333/0001-81)',
  incorporationDateInvalid: 'Enter the incorporation date as YYYY-MM-DD',
  incorporationDateFuture: 'The incorporation date cannot be in the future',
  addressLine1Required: 'Enter the street address',
  cityRequired: 'Enter the city',
  stateRequired: 'Enter the state or region',
  postalCodeRequired: 'Enter the postal code',
  websiteInvalid: 'Enter a full web address starting with https:// or http://',
  businessActivityRequired: 'Describe the business activity',
  amountInvalid: 'Enter an amount such as 250000.00 (digits, at most 2 decimals)',
  currencyInvalid: 'Enter a three-letter currency code, e.g. MXN',
  ownersRequired: 'Add at least one beneficial owner',
  ownerNameRequired: "Enter the owner's full name",
  ownershipInvalid: 'Enter a percentage above 0 and at most 100, e.g. 25 or 12.5',
  ownershipTotal: 'Ownership of all owners adds up to more than 100%',
  nationalityInvalid: 'Enter a two-letter country code (ISO 3166), e.g. MX',
  idDocumentTypeRequired: 'Choose the id document type',
  idDocumentNumberRequired: 'Enter the id document number',
  tooLong: 'This is too long',
} as const;

export const KYB_NOT_EDITABLE_MESSAGE = 'This KYB application was submitted and can no longer be changed.';
export const KYB_SUBMIT_INCOMPLETE_MESSAGE = 'Complete the KYB application before submitting it.';
export const KYB_DOCUMENTS_MISSING_MESSAGE = 'Upload the required documents before submitting.';
export const KYB_NOT_SUBMITTED_MESSAGE = 'Only a submitted KYB application can be reviewed.';
export const KYB_ALREADY_SUBMITTED_MESSAGE = 'This KYB application is already submitted.';
export const KYB_NOT_FOUND_MESSAGE = 'KYB application not found';
export const KYB_REASON_REQUIRED = 'Give the reason for the rejection';
export const KYB_NOTE_REQUIRED = 'Say what needs to change';
export const DOCUMENT_NOT_FOUND_MESSAGE = 'Document not found';
export const OPERATOR_ONLY_MESSAGE = 'Only platform operators can review KYB applications.';

/** RFC of a persona moral (3 letters) or física (4): letters (with & and Ñ), yymmdd, 3-character homoclave. */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z0-9]{3}$/;

/** Upper-cases and drops spaces, dots and dashes people type in an RFC. */
export function normalizeRfc(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

export function isValidRfc(value: string): boolean {
  return RFC_PATTERN.test(normalizeRfc(value));
}

export { isValidCnpj };

const DECIMAL_PATTERN = /^\d{1,15}(\.\d{1,2})?$/;
const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;

/** Hundredths of a percent as an integer (exact: no floating point), or null when not a percentage. */
function basisPoints(value: string): bigint | null {
  if (!PERCENT_PATTERN.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0'));
}

export function isValidOwnershipPercent(value: string): boolean {
  const points = basisPoints(value);
  return points !== null && points > 0n && points <= 1_000_000n;
}

/** True when the percentages add up to at most 100 (exactly, in decimal). */
export function ownershipWithinTotal(percents: readonly string[]): boolean {
  let total = 0n;
  for (const percent of percents) total += basisPoints(percent) ?? 0n;
  return total <= 1_000_000n;
}

/** An owner with this share or more needs an id document on file. */
export const OWNER_ID_THRESHOLD_PERCENT = '25';
export function ownerNeedsIdDocument(percent: string | undefined): boolean {
  const points = percent === undefined ? null : basisPoints(percent);
  return points !== null && points >= 250_000n;
}

const today = () => new Date().toISOString().slice(0, 10);

const text = (required: string, max = 200) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(max, { message: KYB_MESSAGES.tooLong });

const ZCountryCode = (message: string) =>
  z
    .string({ message })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message });

export const ID_DOCUMENT_TYPES = ['passport', 'national_id', 'drivers_license', 'residence_permit'] as const;
export const ID_DOCUMENT_TYPE_LABELS: Record<(typeof ID_DOCUMENT_TYPES)[number], string> = {
  passport: 'Passport',
  national_id: 'National id card',
  drivers_license: "Driver's license",
  residence_permit: 'Residence permit',
};

export const ZBeneficialOwner = z.strictObject({
  /** Chosen by the client; an owner's id document refers to it. */
  id: ZUid,
  name: text(KYB_MESSAGES.ownerNameRequired),
  ownershipPercent: z
    .string({ message: KYB_MESSAGES.ownershipInvalid })
    .trim()
    .refine(isValidOwnershipPercent, { message: KYB_MESSAGES.ownershipInvalid }),
  nationality: ZCountryCode(KYB_MESSAGES.nationalityInvalid),
  idDocumentType: z.enum(ID_DOCUMENT_TYPES, { message: KYB_MESSAGES.idDocumentTypeRequired }),
  idDocumentNumber: text(KYB_MESSAGES.idDocumentNumberRequired, 64),
});
export type TBeneficialOwner = z.infer<typeof ZBeneficialOwner>;

export const ZRegisteredAddress = z.strictObject({
  line1: text(KYB_MESSAGES.addressLine1Required),
  line2: z.string().trim().max(200, { message: KYB_MESSAGES.tooLong }).optional(),
  city: text(KYB_MESSAGES.cityRequired, 100),
  state: text(KYB_MESSAGES.stateRequired, 100),
  postalCode: text(KYB_MESSAGES.postalCodeRequired, 20),
  country: ZCountryCode(KYB_MESSAGES.countryInvalid),
});

export const ZMoneyAmount = z.strictObject({
  amount: z.string({ message: KYB_MESSAGES.amountInvalid }).trim().regex(DECIMAL_PATTERN, {
    message: KYB_MESSAGES.amountInvalid,
  }),
  currency: z
    .string({ message: KYB_MESSAGES.currencyInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: KYB_MESSAGES.currencyInvalid }),
});

const ZIncorporationDate = z
  .string({ message: KYB_MESSAGES.incorporationDateInvalid })
  .trim()
  .pipe(z.iso.date({ message: KYB_MESSAGES.incorporationDateInvalid }))
  .refine((value) => value <= today(), { message: KYB_MESSAGES.incorporationDateFuture });

const ZWebsite = z
  .string()
  .trim()
  .max(300, { message: KYB_MESSAGES.tooLong })
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(value), {
    message: KYB_MESSAGES.websiteInvalid,
  });

const applicationShape = {
  legalName: text(KYB_MESSAGES.legalNameRequired),
  tradeName: z.string().trim().max(200, { message: KYB_MESSAGES.tooLong }).optional(),
  countryOfIncorporation: ZCountryCode(KYB_MESSAGES.countryRequired),
  taxId: text(KYB_MESSAGES.taxIdRequired, 64),
  incorporationDate: ZIncorporationDate,
  registeredAddress: ZRegisteredAddress,
  website: ZWebsite.optional(),
  businessActivity: text(KYB_MESSAGES.businessActivityRequired, 1000),
  expectedMonthlyVolume: ZMoneyAmount,
};

interface CrossFields {
  countryOfIncorporation?: string | undefined;
  taxId?: string | undefined;
  beneficialOwners?: readonly { ownershipPercent?: string | undefined }[] | undefined;
}

/** Rules across fields, applied to whatever is present (a draft) or everything (a submission). */
function checkCrossFields(data: CrossFields, context: z.RefinementCtx): void {
  const { countryOfIncorporation: country, taxId } = data;
  if (country && taxId) {
    if (country === 'MX' && !isValidRfc(taxId)) {
      context.addIssue({ code: 'custom', path: ['taxId'], message: KYB_MESSAGES.rfcInvalid });
    }
    if (country === 'BR' && !isValidCnpj(taxId)) {
      context.addIssue({ code: 'custom', path: ['taxId'], message: KYB_MESSAGES.cnpjInvalid });
    }
  }
  const percents = (data.beneficialOwners ?? [])
    .map((owner) => owner.ownershipPercent)
    .filter((percent): percent is string => percent !== undefined);
  if (!ownershipWithinTotal(percents)) {
    context.addIssue({ code: 'custom', path: ['beneficialOwners'], message: KYB_MESSAGES.ownershipTotal });
  }
}

/** The complete application, as submitted. */
export const ZKybApplicationData = z
  .strictObject({
    ...applicationShape,
    beneficialOwners: z
      .array(ZBeneficialOwner, { message: KYB_MESSAGES.ownersRequired })
      .min(1, { message: KYB_MESSAGES.ownersRequired })
      .max(20),
  })
  .superRefine(checkCrossFields);
export type TKybApplicationData = z.infer<typeof ZKybApplicationData>;

/** A blank text field in a draft is a field not filled in yet. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const draftField = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

/**
 * A draft: any field may be missing (or blank), but what is there must be valid. Owners always
 * carry their id.
 */
export const ZKybDraft = z
  .strictObject({
    legalName: draftField(applicationShape.legalName),
    tradeName: draftField(z.string().trim().max(200, { message: KYB_MESSAGES.tooLong })),
    countryOfIncorporation: draftField(applicationShape.countryOfIncorporation),
    taxId: draftField(applicationShape.taxId),
    incorporationDate: draftField(ZIncorporationDate),
    registeredAddress: z
      .strictObject({
        line1: draftField(ZRegisteredAddress.shape.line1),
        line2: draftField(z.string().trim().max(200, { message: KYB_MESSAGES.tooLong })),
        city: draftField(ZRegisteredAddress.shape.city),
        state: draftField(ZRegisteredAddress.shape.state),
        postalCode: draftField(ZRegisteredAddress.shape.postalCode),
        country: draftField(ZRegisteredAddress.shape.country),
      })
      .optional(),
    website: draftField(ZWebsite),
    businessActivity: draftField(applicationShape.businessActivity),
    expectedMonthlyVolume: z
      .strictObject({
        amount: draftField(ZMoneyAmount.shape.amount),
        currency: draftField(ZMoneyAmount.shape.currency),
      })
      .optional(),
    beneficialOwners: z
      .array(
        z.strictObject({
          id: ZUid,
          name: draftField(ZBeneficialOwner.shape.name),
          ownershipPercent: draftField(ZBeneficialOwner.shape.ownershipPercent),
          nationality: draftField(ZBeneficialOwner.shape.nationality),
          idDocumentType: draftField(ZBeneficialOwner.shape.idDocumentType),
          idDocumentNumber: draftField(ZBeneficialOwner.shape.idDocumentNumber),
        }),
      )
      .max(20)
      .optional(),
  })
  .superRefine(checkCrossFields);
export type TKybDraft = z.infer<typeof ZKybDraft>;

// Documents ---------------------------------------------------------------------------------------

export const KYB_DOCUMENT_KINDS = [
  'articles_of_incorporation',
  'proof_of_address',
  'tax_certificate',
  'owner_id',
] as const;
export const DOCUMENT_KINDS = [...KYB_DOCUMENT_KINDS, 'other'] as const;
export const ZDocumentKind = z.enum(DOCUMENT_KINDS, { message: 'Choose the document type' });
export type TDocumentKind = z.infer<typeof ZDocumentKind>;

export const DOCUMENT_KIND_LABELS: Record<TDocumentKind, string> = {
  articles_of_incorporation: 'Articles of incorporation',
  proof_of_address: 'Proof of address',
  tax_certificate: 'Tax certificate',
  owner_id: 'Owner id',
  other: 'Other',
};

/** The tax certificate's local name, so the checklist speaks the country's language. */
const TAX_CERTIFICATE_LABEL: Record<string, string> = {
  MX: 'Tax certificate (Constancia de Situación Fiscal)',
  BR: 'Tax certificate (Comprovante de Inscrição CNPJ)',
};

/** Documents are PDF, PNG or JPEG, at most 10 MB each; the type is sniffed from the bytes. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TYPE_MESSAGE = 'Documents must be PDF, PNG or JPEG files.';
export const DOCUMENT_TOO_LARGE_MESSAGE = 'Documents must be at most 10 MB.';

export interface TRequiredDocument {
  kind: TDocumentKind;
  /** For an owner's id: the owner it belongs to. */
  ownerId?: string;
  label: string;
}

/**
 * The documents a submission needs, written once for the checklist and the API's submit check:
 * articles of incorporation, proof of address, the tax certificate, and an id for every owner with
 * 25% or more.
 */
export function requiredDocuments(application: {
  countryOfIncorporation?: string | undefined;
  beneficialOwners?:
    | readonly { id: string; name?: string | undefined; ownershipPercent?: string | undefined }[]
    | undefined;
}): TRequiredDocument[] {
  const country = application.countryOfIncorporation ?? '';
  const required: TRequiredDocument[] = [
    { kind: 'articles_of_incorporation', label: DOCUMENT_KIND_LABELS.articles_of_incorporation },
    { kind: 'proof_of_address', label: DOCUMENT_KIND_LABELS.proof_of_address },
    {
      kind: 'tax_certificate',
      label: TAX_CERTIFICATE_LABEL[country] ?? DOCUMENT_KIND_LABELS.tax_certificate,
    },
  ];
  for (const owner of application.beneficialOwners ?? []) {
    if (ownerNeedsIdDocument(owner.ownershipPercent)) {
      required.push({ kind: 'owner_id', ownerId: owner.id, label: `Id of ${owner.name?.trim() || 'owner'}` });
    }
  }
  return required;
}

/** The required documents that no uploaded document covers. */
export function missingDocuments(
  required: readonly TRequiredDocument[],
  documents: readonly { kind: TDocumentKind; ownerId: string | null }[],
): TRequiredDocument[] {
  return required.filter(
    (need) =>
      !documents.some(
        (document) =>
          document.kind === need.kind && (need.ownerId === undefined || document.ownerId === need.ownerId),
      ),
  );
}

export const ZDocument = z.object({
  uid: ZUid,
  kind: ZDocumentKind,
  ownerId: ZUid.nullable(),
  name: z.string(),
  byteSize: z.number().int(),
  contentType: z.string(),
  uploadedBy: z.object({ uid: ZUid.nullable(), email: z.string().nullable() }),
  createdAt: ZIsoDateTime,
  /** A link (no header needed): members download here; operators use the review's own link. */
  downloadUrl: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentsResponse = z.object({ data: z.array(ZDocument) });
export type TDocumentsResponse = z.infer<typeof ZDocumentsResponse>;
export const ZDocumentResponse = z.object({ data: ZDocument });

/** POST documents: takes an uploaded temp file (POST uploads with purpose 'document', then PUT). */
export const ZCreateDocumentRequest = z
  .strictObject({
    tempFileId: ZUid,
    kind: ZDocumentKind,
    ownerId: ZUid.optional(),
  })
  .refine((value) => value.kind !== 'owner_id' || value.ownerId !== undefined, {
    path: ['ownerId'],
    message: 'Choose the owner this id belongs to',
  });
export type TCreateDocumentRequest = z.infer<typeof ZCreateDocumentRequest>;

export const ZDocumentParams = z.strictObject({ organizationUid: ZUid, documentUid: ZUid });

export const documentDownloadPath = (organizationUid: string, documentUid: string) =>
  `${API_PREFIX}/organizations/${encodeURIComponent(organizationUid)}/documents/${encodeURIComponent(documentUid)}`;
export const opsDocumentDownloadPath = (organizationUid: string, documentUid: string) =>
  `${API_PREFIX}/ops/kyb/${encodeURIComponent(organizationUid)}/documents/${encodeURIComponent(documentUid)}`;

// The application as read ---------------------------------------------------------------------

export const ZKybTimelineEntry = z.object({
  actor: z.string(),
  action: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
  at: ZIsoDateTime,
});
export type TKybTimelineEntry = z.infer<typeof ZKybTimelineEntry>;

export const ZKybApplication = z.object({
  status: ZKybStatus,
  /** What was saved (a draft may be partial). */
  data: ZKybDraft,
  /** The operator's reason (Rejected) or note (ChangesRequested) of the latest decision. */
  decisionNote: z.string().nullable(),
  submittedAt: ZIsoDateTime.nullable(),
  decidedAt: ZIsoDateTime.nullable(),
  updatedAt: ZIsoDateTime.nullable(),
});
export type TKybApplication = z.infer<typeof ZKybApplication>;

export const ZKybApplicationResponse = z.object({ data: ZKybApplication });
export type TKybApplicationResponse = z.infer<typeof ZKybApplicationResponse>;
export const ZKybTimelineResponse = z.object({ data: z.array(ZKybTimelineEntry) });
export type TKybTimelineResponse = z.infer<typeof ZKybTimelineResponse>;

/** PUT kyb: save the draft (partial data, validated as far as it goes). */
export const ZSaveKybDraftRequest = ZKybDraft;

// Review (operators) ------------------------------------------------------------------------------

export const ZKybQueueItem = z.object({
  organizationUid: ZUid,
  organizationName: z.string(),
  organizationSlug: z.string(),
  legalName: z.string().nullable(),
  status: ZKybStatus,
  submittedAt: ZIsoDateTime.nullable(),
  submittedBy: z.string().nullable(),
});
export type TKybQueueItem = z.infer<typeof ZKybQueueItem>;
export const ZKybQueueResponse = z.object({ data: z.array(ZKybQueueItem) });
export type TKybQueueResponse = z.infer<typeof ZKybQueueResponse>;

export const ZKybReview = z.object({
  organization: z.object({ uid: ZUid, name: z.string(), slug: z.string() }),
  application: ZKybApplication,
  documents: z.array(ZDocument),
  timeline: z.array(ZKybTimelineEntry),
});
export type TKybReview = z.infer<typeof ZKybReview>;
export const ZKybReviewResponse = z.object({ data: ZKybReview });
export type TKybReviewResponse = z.infer<typeof ZKybReviewResponse>;

export const ZKybReviewParams = z.strictObject({ organizationUid: ZUid });

export const ZRejectKybRequest = z.strictObject({
  reason: z
    .string({ message: KYB_REASON_REQUIRED })
    .trim()
    .min(1, { message: KYB_REASON_REQUIRED })
    .max(2000),
});
export type TRejectKybRequest = z.infer<typeof ZRejectKybRequest>;
export const ZRequestKybChangesRequest = z.strictObject({
  note: z.string({ message: KYB_NOTE_REQUIRED }).trim().min(1, { message: KYB_NOTE_REQUIRED }).max(2000),
});
export type TRequestKybChangesRequest = z.infer<typeof ZRequestKybChangesRequest>;
