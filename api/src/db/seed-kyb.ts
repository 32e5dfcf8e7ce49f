import { randomUUID } from 'node:crypto';
import type { TDocumentKind, TKybApplicationData } from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import type { BlobStore } from '../blobs/store';
import { DEFAULT_OPERATOR_EMAIL } from '../config';
import { recordAudit } from '../modules/audit/audit';
import { KYB_SUBJECT } from '../modules/kyb/service';
import type { Database } from './client';
import { documents, kybApplications, memberships, organizations, users } from './schema';

/** A tiny valid PDF: what the seeded documents hold. */
const SEED_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

export const DEMO_OPERATOR = { email: DEFAULT_OPERATOR_EMAIL, firstName: 'Olivia', lastName: 'Ops' } as const;
export const DEMO_REVIEW_ORGANIZATION = { name: 'Mercado Norte', slug: 'mercado-norte' } as const;
export const DEMO_REVIEW_USER = {
  email: 'maria@example.com',
  firstName: 'María',
  lastName: 'Norte',
} as const;

const ACME_OWNER = '3f0c2a9e-6b1d-4e8f-9a2b-5c7d8e9f0a1b';
const MERCADO_OWNER = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

const ACME_APPLICATION: TKybApplicationData = {
  legalName: 'Acme Treasury S.A. de C.V.',
  tradeName: 'Acme Treasury',
  countryOfIncorporation: 'MX',
  taxId: 'ATR150601K2A',
  incorporationDate: '2015-06-01',
  registeredAddress: {
    line1: 'Paseo de la Reforma 250',
    line2: 'Piso 12',
    city: 'Ciudad de México',
    state: 'CDMX',
    postalCode: '06600',
    country: 'MX',
  },
  website: 'https://acme-treasury.example.com',
  businessActivity: 'Treasury management for import and export businesses',
  expectedMonthlyVolume: { amount: '1500000.00', currency: 'MXN' },
  beneficialOwners: [
    {
      id: ACME_OWNER,
      name: 'Demo User',
      ownershipPercent: '100',
      nationality: 'MX',
      idDocumentType: 'passport',
      idDocumentNumber: 'G00000001',
    },
  ],
};

const MERCADO_APPLICATION: TKybApplicationData = {
  legalName: 'Mercado Norte Comércio Ltda.',
  tradeName: 'Mercado Norte',
  countryOfIncorporation: 'BR',
  taxId: '11.222.333/0001-81',
  incorporationDate: '2019-03-14',
  registeredAddress: {
    line1: 'Avenida Paulista 1000',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '01310-100',
    country: 'BR',
  },
  businessActivity: 'Online marketplace for regional produce',
  expectedMonthlyVolume: { amount: '400000.00', currency: 'BRL' },
  beneficialOwners: [
    {
      id: MERCADO_OWNER,
      name: 'María Norte',
      ownershipPercent: '70',
      nationality: 'BR',
      idDocumentType: 'national_id',
      idDocumentNumber: '12.345.678-9',
    },
  ],
};

async function userUid(
  tx: Database,
  user: { email: string; firstName: string; lastName: string },
): Promise<string> {
  await tx.insert(users).values(user).onConflictDoNothing({ target: users.email });
  const [row] = await tx.select({ uid: users.uid }).from(users).where(eq(users.email, user.email));
  if (!row) throw new Error(`Seeding failed: ${user.email} is missing after insert`);
  return row.uid;
}

/** Writes an application with its documents and its history, unless the organization has one. */
async function seedApplication(
  tx: Database,
  blobs: BlobStore,
  input: {
    organizationUid: string;
    user: { uid: string; email: string };
    data: TKybApplicationData;
    status: 'Submitted' | 'Approved';
    ownerId: string;
  },
): Promise<boolean> {
  const [existing] = await tx
    .select({ uid: kybApplications.uid })
    .from(kybApplications)
    .where(eq(kybApplications.organizationUid, input.organizationUid));
  if (existing) return false;

  const now = new Date();
  const [application] = await tx
    .insert(kybApplications)
    .values({
      organizationUid: input.organizationUid,
      status: input.status,
      data: input.data,
      submittedAt: now,
      submittedByUserUid: input.user.uid,
      decidedAt: input.status === 'Approved' ? now : null,
    })
    .returning({ uid: kybApplications.uid });
  if (!application) throw new Error('Seeding failed: the KYB application is missing after insert');

  const kinds: { kind: TDocumentKind; name: string; ownerId?: string }[] = [
    { kind: 'articles_of_incorporation', name: 'articles-of-incorporation.pdf' },
    { kind: 'proof_of_address', name: 'proof-of-address.pdf' },
    { kind: 'tax_certificate', name: 'tax-certificate.pdf' },
    { kind: 'owner_id', name: 'owner-id.pdf', ownerId: input.ownerId },
  ];
  for (const document of kinds) {
    const blobKey = `documents/${randomUUID()}`;
    await blobs.put(blobKey, SEED_PDF, { contentType: 'application/pdf', byteSize: SEED_PDF.length });
    await tx.insert(documents).values({
      organizationUid: input.organizationUid,
      kind: document.kind,
      ownerId: document.ownerId ?? null,
      name: document.name,
      byteSize: SEED_PDF.length,
      contentType: 'application/pdf',
      blobKey,
      uploaderUserUid: input.user.uid,
      uploaderEmail: input.user.email,
    });
  }

  const subject = {
    organizationUid: input.organizationUid,
    subjectType: KYB_SUBJECT,
    subjectUid: application.uid,
  };
  const actor = { kind: 'user' as const, userUid: input.user.uid, email: input.user.email };
  await recordAudit(tx, { ...subject, actor, action: 'kyb.draft_saved', from: 'NotStarted', to: 'Draft' });
  await recordAudit(tx, { ...subject, actor, action: 'kyb.submitted', from: 'Draft', to: 'Submitted' });
  if (input.status === 'Approved') {
    await recordAudit(tx, {
      ...subject,
      actor: { kind: 'operator', email: DEMO_OPERATOR.email },
      action: 'kyb.approved',
      from: 'Submitted',
      to: 'Approved',
    });
  }
  return true;
}

/**
 * The KYB demo: the operator ops@example.com; Acme Treasury's Approved application with its
 * documents; and "Mercado Norte" (maria@example.com, Admin) with a Submitted one, so the review
 * queue has something in it. Rows that exist are left as they are.
 */
export async function seedKyb(
  db: Database,
  blobs: BlobStore,
  acme: { organizationUid: string; userUid: string; email: string },
): Promise<{ seeded: number }> {
  return db.transaction(async (tx) => {
    await userUid(tx, DEMO_OPERATOR);
    let seeded = 0;
    if (
      await seedApplication(tx, blobs, {
        organizationUid: acme.organizationUid,
        user: { uid: acme.userUid, email: acme.email },
        data: ACME_APPLICATION,
        status: 'Approved',
        ownerId: ACME_OWNER,
      })
    )
      seeded += 1;

    const mariaUid = await userUid(tx, DEMO_REVIEW_USER);
    await tx
      .insert(organizations)
      .values(DEMO_REVIEW_ORGANIZATION)
      .onConflictDoNothing({ target: organizations.slug });
    const [mercado] = await tx
      .select({ uid: organizations.uid })
      .from(organizations)
      .where(eq(organizations.slug, DEMO_REVIEW_ORGANIZATION.slug));
    if (!mercado) throw new Error('Seeding failed: the review organization is missing after insert');
    await tx
      .insert(memberships)
      .values({ organizationUid: mercado.uid, userUid: mariaUid, role: 'Admin' })
      .onConflictDoNothing();
    if (
      await seedApplication(tx, blobs, {
        organizationUid: mercado.uid,
        user: { uid: mariaUid, email: DEMO_REVIEW_USER.email },
        data: MERCADO_APPLICATION,
        status: 'Submitted',
        ownerId: MERCADO_OWNER,
      })
    )
      seeded += 1;
    return { seeded };
  });
}
