import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import {
  API_PREFIX,
  coded,
  codedIssue,
  codedMessage,
  deferred,
  english,
  raisesCodes,
  type TCodedMessage,
  type TMessageCode,
  ZIsoDateTime,
  ZUid,
} from '@dash/shared/contracts-core';
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
export const ZKybStatus = deferred(() => z.enum(KYB_STATUSES));
export type TKybStatus = z.infer<typeof ZKybStatus>;

/** States in which Admins and Editors may change the application. */
export const KYB_EDITABLE_STATUSES: readonly TKybStatus[] = ['NotStarted', 'Draft', 'ChangesRequested'];

// Field messages, exported so API tests and UI tests assert the same words.
export const KYB_MESSAGES = {
  legalNameRequired: english('messages.kybLegalNameRequired'),
  countryRequired: english('messages.kybCountryRequired'),
  countryInvalid: english('messages.kybCountryInvalid'),
  taxIdRequired: english('messages.kybTaxIdRequired'),
  rfcInvalid: english('messages.kybRfcInvalid'),
  cnpjInvalid: english('messages.kybCnpjInvalid'),
  incorporationDateInvalid: english('messages.kybIncorporationDateInvalid'),
  incorporationDateFuture: english('messages.kybIncorporationDateFuture'),
  addressLine1Required: english('messages.kybAddressLine1Required'),
  cityRequired: english('messages.kybCityRequired'),
  stateRequired: english('messages.kybStateRequired'),
  postalCodeRequired: english('messages.kybPostalCodeRequired'),
  websiteInvalid: english('messages.kybWebsiteInvalid'),
  businessActivityRequired: english('messages.kybBusinessActivityRequired'),
  amountInvalid: english('messages.kybAmountInvalid'),
  currencyInvalid: english('messages.kybCurrencyInvalid'),
  ownersRequired: english('messages.kybOwnersRequired'),
  ownerNameRequired: english('messages.kybOwnerNameRequired'),
  ownershipInvalid: english('messages.kybOwnershipInvalid'),
  ownershipTotal: english('messages.kybOwnershipTotal'),
  nationalityInvalid: english('messages.kybNationalityInvalid'),
  idDocumentTypeRequired: english('messages.kybIdDocumentTypeRequired'),
  idDocumentNumberRequired: english('messages.kybIdDocumentNumberRequired'),
  tooLong: english('messages.kybTooLong'),
} as const;

export const KYB_NOT_EDITABLE_MESSAGE = english('messages.kybNotEditable');
export const KYB_SUBMIT_INCOMPLETE_MESSAGE = english('messages.kybSubmitIncomplete');
export const KYB_DOCUMENTS_MISSING_MESSAGE = english('messages.kybDocumentsMissing');
export const KYB_NOT_SUBMITTED_MESSAGE = english('messages.kybNotSubmitted');
export const KYB_ALREADY_SUBMITTED_MESSAGE = english('messages.kybAlreadySubmitted');
export const KYB_NOT_FOUND_MESSAGE = english('messages.kybNotFound');
export const KYB_REASON_REQUIRED = english('messages.rejectionReasonRequired');
export const KYB_NOTE_REQUIRED = english('messages.changesRequestedReasonRequired');
export const DOCUMENT_NOT_FOUND_MESSAGE = english('messages.documentNotFound');
export const OPERATOR_ONLY_MESSAGE = english('messages.kybOperatorOnly');

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

const text = (required: TMessageCode, max = 200) =>
  z.string(coded(required)).trim().min(1, coded(required)).max(max, coded('messages.kybTooLong'));

const ZCountryCode = (message: TMessageCode) =>
  z
    .string(coded(message))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, coded(message));

export const ID_DOCUMENT_TYPES = ['passport', 'national_id', 'drivers_license', 'residence_permit'] as const;
export const ID_DOCUMENT_TYPE_LABELS: Record<(typeof ID_DOCUMENT_TYPES)[number], string> = {
  passport: 'Passport',
  national_id: 'National id card',
  drivers_license: "Driver's license",
  residence_permit: 'Residence permit',
};

export const ZBeneficialOwner = deferred(() =>
  z.strictObject({
    /** Chosen by the client; an owner's id document refers to it. */
    id: ZUid,
    name: text('messages.kybOwnerNameRequired'),
    ownershipPercent: z
      .string(coded('messages.kybOwnershipInvalid'))
      .trim()
      .refine(isValidOwnershipPercent, coded('messages.kybOwnershipInvalid')),
    nationality: ZCountryCode('messages.kybNationalityInvalid'),
    idDocumentType: z.enum(ID_DOCUMENT_TYPES, coded('messages.kybIdDocumentTypeRequired')),
    idDocumentNumber: text('messages.kybIdDocumentNumberRequired', 64),
  }),
);
export type TBeneficialOwner = z.infer<typeof ZBeneficialOwner>;

export const ZRegisteredAddress = deferred(() =>
  z.strictObject({
    line1: text('messages.kybAddressLine1Required'),
    line2: z.string().trim().max(200, coded('messages.kybTooLong')).optional(),
    city: text('messages.kybCityRequired', 100),
    state: text('messages.kybStateRequired', 100),
    postalCode: text('messages.kybPostalCodeRequired', 20),
    country: ZCountryCode('messages.kybCountryInvalid'),
  }),
);

export const ZMoneyAmount = deferred(() =>
  z.strictObject({
    amount: z
      .string(coded('messages.kybAmountInvalid'))
      .trim()
      .regex(DECIMAL_PATTERN, {
        ...coded('messages.kybAmountInvalid'),
      }),
    currency: z
      .string(coded('messages.kybCurrencyInvalid'))
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, coded('messages.kybCurrencyInvalid')),
  }),
);

const ZIncorporationDate = deferred(() =>
  z
    .string(coded('messages.kybIncorporationDateInvalid'))
    .trim()
    .pipe(z.iso.date(coded('messages.kybIncorporationDateInvalid')))
    .refine((value) => value <= today(), coded('messages.kybIncorporationDateFuture')),
);

const ZWebsite = deferred(() =>
  z
    .string()
    .trim()
    .max(300, coded('messages.kybTooLong'))
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(value), {
      ...coded('messages.kybWebsiteInvalid'),
    }),
);

const applicationShape = {
  legalName: text('messages.kybLegalNameRequired'),
  tradeName: z.string().trim().max(200, coded('messages.kybTooLong')).optional(),
  countryOfIncorporation: ZCountryCode('messages.kybCountryRequired'),
  taxId: text('messages.kybTaxIdRequired', 64),
  incorporationDate: ZIncorporationDate,
  registeredAddress: ZRegisteredAddress,
  website: ZWebsite.optional(),
  businessActivity: text('messages.kybBusinessActivityRequired', 1000),
  expectedMonthlyVolume: ZMoneyAmount,
};

interface CrossFields {
  countryOfIncorporation?: string | undefined;
  taxId?: string | undefined;
  beneficialOwners?: readonly { ownershipPercent?: string | undefined }[] | undefined;
}

/** The codes checkCrossFields raises. */
const CROSS_FIELD_CODES = [
  'messages.kybRfcInvalid',
  'messages.kybCnpjInvalid',
  'messages.kybOwnershipTotal',
] as const satisfies readonly TMessageCode[];

/** Rules across fields, applied to whatever is present (a draft) or everything (a submission). */
function checkCrossFields(data: CrossFields, context: z.RefinementCtx): void {
  const { countryOfIncorporation: country, taxId } = data;
  if (country && taxId) {
    if (country === 'MX' && !isValidRfc(taxId)) {
      context.addIssue({ code: 'custom', path: ['taxId'], ...codedIssue('messages.kybRfcInvalid') });
    }
    if (country === 'BR' && !isValidCnpj(taxId)) {
      context.addIssue({ code: 'custom', path: ['taxId'], ...codedIssue('messages.kybCnpjInvalid') });
    }
  }
  const percents = (data.beneficialOwners ?? [])
    .map((owner) => owner.ownershipPercent)
    .filter((percent): percent is string => percent !== undefined);
  if (!ownershipWithinTotal(percents)) {
    context.addIssue({
      code: 'custom',
      path: ['beneficialOwners'],
      ...codedIssue('messages.kybOwnershipTotal'),
    });
  }
}

/** The complete application, as submitted. */
export const ZKybApplicationData = deferred(() =>
  z
    .strictObject({
      ...applicationShape,
      beneficialOwners: z
        .array(ZBeneficialOwner, coded('messages.kybOwnersRequired'))
        .min(1, coded('messages.kybOwnersRequired'))
        .max(20),
    })
    .superRefine(checkCrossFields),
);
raisesCodes(ZKybApplicationData, CROSS_FIELD_CODES);
export type TKybApplicationData = z.infer<typeof ZKybApplicationData>;

/** A blank text field in a draft is a field not filled in yet. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const draftField = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

/**
 * A draft: any field may be missing (or blank), but what is there must be valid. Owners always
 * carry their id.
 */
export const ZKybDraft = deferred(() =>
  z
    .strictObject({
      legalName: draftField(applicationShape.legalName),
      tradeName: draftField(z.string().trim().max(200, coded('messages.kybTooLong'))),
      countryOfIncorporation: draftField(applicationShape.countryOfIncorporation),
      taxId: draftField(applicationShape.taxId),
      incorporationDate: draftField(ZIncorporationDate),
      registeredAddress: z
        .strictObject({
          line1: draftField(ZRegisteredAddress.shape.line1),
          line2: draftField(z.string().trim().max(200, coded('messages.kybTooLong'))),
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
    .superRefine(checkCrossFields),
);
raisesCodes(ZKybDraft, CROSS_FIELD_CODES);
export type TKybDraft = z.infer<typeof ZKybDraft>;

// Documents ---------------------------------------------------------------------------------------

export const KYB_DOCUMENT_KINDS = [
  'articles_of_incorporation',
  'proof_of_address',
  'tax_certificate',
  'owner_id',
] as const;
export const DOCUMENT_KINDS = [...KYB_DOCUMENT_KINDS, 'other'] as const;
export const ZDocumentKind = deferred(() => z.enum(DOCUMENT_KINDS, coded('messages.chooseDocumentType')));
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
export const DOCUMENT_TYPE_MESSAGE = english('messages.documentType');
export const DOCUMENT_TOO_LARGE_MESSAGE = english('messages.documentTooLarge');

export interface TRequiredDocument {
  kind: TDocumentKind;
  /** For an owner's id: the owner it belongs to. */
  ownerId?: string;
  label: string;
  /** What the submit check says when it is missing ("Upload: Proof of address"), coded. */
  uploadMessage: TCodedMessage;
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
    {
      kind: 'articles_of_incorporation',
      label: DOCUMENT_KIND_LABELS.articles_of_incorporation,
      uploadMessage: codedMessage('messages.kybUploadArticles'),
    },
    {
      kind: 'proof_of_address',
      label: DOCUMENT_KIND_LABELS.proof_of_address,
      uploadMessage: codedMessage('messages.kybUploadProofOfAddress'),
    },
    {
      kind: 'tax_certificate',
      label: TAX_CERTIFICATE_LABEL[country] ?? DOCUMENT_KIND_LABELS.tax_certificate,
      uploadMessage: codedMessage(
        country === 'MX'
          ? 'messages.kybUploadTaxCertificateMX'
          : country === 'BR'
            ? 'messages.kybUploadTaxCertificateBR'
            : 'messages.kybUploadTaxCertificate',
      ),
    },
  ];
  for (const owner of application.beneficialOwners ?? []) {
    if (ownerNeedsIdDocument(owner.ownershipPercent)) {
      const name = owner.name?.trim();
      required.push({
        kind: 'owner_id',
        ownerId: owner.id,
        label: `Id of ${name || 'owner'}`,
        uploadMessage: name
          ? codedMessage('messages.kybUploadOwnerId', { name })
          : codedMessage('messages.kybUploadOwnerIdUnnamed'),
      });
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

export const ZDocument = deferred(() =>
  z.object({
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
  }),
);
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentsResponse = deferred(() => z.object({ data: z.array(ZDocument) }));
export type TDocumentsResponse = z.infer<typeof ZDocumentsResponse>;
export const ZDocumentResponse = deferred(() => z.object({ data: ZDocument }));

/** POST documents: takes an uploaded temp file (POST uploads with purpose 'document', then PUT). */
export const ZCreateDocumentRequest = deferred(() =>
  z
    .strictObject({
      tempFileId: ZUid,
      kind: ZDocumentKind,
      ownerId: ZUid.optional(),
    })
    .refine((value) => value.kind !== 'owner_id' || value.ownerId !== undefined, {
      path: ['ownerId'],
      ...coded('messages.chooseDocumentOwner'),
    }),
);
export type TCreateDocumentRequest = z.infer<typeof ZCreateDocumentRequest>;

export const ZDocumentParams = deferred(() => z.strictObject({ organizationUid: ZUid, documentUid: ZUid }));

export const documentDownloadPath = (organizationUid: string, documentUid: string) =>
  `${API_PREFIX}/organizations/${encodeURIComponent(organizationUid)}/documents/${encodeURIComponent(documentUid)}`;
export const opsDocumentDownloadPath = (organizationUid: string, documentUid: string) =>
  `${API_PREFIX}/ops/kyb/${encodeURIComponent(organizationUid)}/documents/${encodeURIComponent(documentUid)}`;

// The application as read ---------------------------------------------------------------------

export const ZKybTimelineEntry = deferred(() =>
  z.object({
    actor: z.string(),
    action: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    note: z.string().nullable(),
    at: ZIsoDateTime,
  }),
);
export type TKybTimelineEntry = z.infer<typeof ZKybTimelineEntry>;

export const ZKybApplication = deferred(() =>
  z.object({
    status: ZKybStatus,
    /** What was saved (a draft may be partial). */
    data: ZKybDraft,
    /** The operator's reason (Rejected) or note (ChangesRequested) of the latest decision. */
    decisionNote: z.string().nullable(),
    submittedAt: ZIsoDateTime.nullable(),
    decidedAt: ZIsoDateTime.nullable(),
    updatedAt: ZIsoDateTime.nullable(),
  }),
);
export type TKybApplication = z.infer<typeof ZKybApplication>;

export const ZKybApplicationResponse = deferred(() => z.object({ data: ZKybApplication }));
export type TKybApplicationResponse = z.infer<typeof ZKybApplicationResponse>;
export const ZKybTimelineResponse = deferred(() => z.object({ data: z.array(ZKybTimelineEntry) }));
export type TKybTimelineResponse = z.infer<typeof ZKybTimelineResponse>;

/** PUT kyb: save the draft (partial data, validated as far as it goes). */
export const ZSaveKybDraftRequest = ZKybDraft;

// Review (operators) ------------------------------------------------------------------------------

export const ZKybQueueItem = deferred(() =>
  z.object({
    organizationUid: ZUid,
    organizationName: z.string(),
    organizationSlug: z.string(),
    legalName: z.string().nullable(),
    status: ZKybStatus,
    submittedAt: ZIsoDateTime.nullable(),
    submittedBy: z.string().nullable(),
  }),
);
export type TKybQueueItem = z.infer<typeof ZKybQueueItem>;
export const ZKybQueueResponse = deferred(() => z.object({ data: z.array(ZKybQueueItem) }));
export type TKybQueueResponse = z.infer<typeof ZKybQueueResponse>;

export const ZKybReview = deferred(() =>
  z.object({
    organization: z.object({ uid: ZUid, name: z.string(), slug: z.string() }),
    application: ZKybApplication,
    documents: z.array(ZDocument),
    timeline: z.array(ZKybTimelineEntry),
  }),
);
export type TKybReview = z.infer<typeof ZKybReview>;
export const ZKybReviewResponse = deferred(() => z.object({ data: ZKybReview }));
export type TKybReviewResponse = z.infer<typeof ZKybReviewResponse>;

export const ZKybReviewParams = deferred(() => z.strictObject({ organizationUid: ZUid }));

export const ZRejectKybRequest = deferred(() =>
  z.strictObject({
    reason: z
      .string(coded('messages.rejectionReasonRequired'))
      .trim()
      .min(1, coded('messages.rejectionReasonRequired'))
      .max(2000),
  }),
);
export type TRejectKybRequest = z.infer<typeof ZRejectKybRequest>;
export const ZRequestKybChangesRequest = deferred(() =>
  z.strictObject({
    note: z
      .string(coded('messages.changesRequestedReasonRequired'))
      .trim()
      .min(1, coded('messages.changesRequestedReasonRequired'))
      .max(2000),
  }),
);
export type TRequestKybChangesRequest = z.infer<typeof ZRequestKybChangesRequest>;
