import {
  type TDocumentKind,
  type TKybApplicationData,
  ZCreateUploadResponse,
  ZDocumentResponse,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './http';
import { PDF_BYTES } from './messages';

export const OWNER_A = '0b6f1a52-3c1e-4d0a-9d7e-1f2a3b4c5d6e';
export const OWNER_B = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

/** A complete Mexican application: two owners, one of them (60%) needing an id document. */
export function completeApplication(overrides: Partial<TKybApplicationData> = {}): TKybApplicationData {
  return {
    legalName: 'Ejemplo Comercial S.A. de C.V.',
    tradeName: 'Ejemplo',
    countryOfIncorporation: 'MX',
    taxId: 'ECO010203AB1',
    incorporationDate: '2001-02-03',
    registeredAddress: {
      line1: 'Av. Reforma 100',
      city: 'Ciudad de México',
      state: 'CDMX',
      postalCode: '06600',
      country: 'MX',
    },
    website: 'https://ejemplo.mx',
    businessActivity: 'Wholesale of electronics',
    expectedMonthlyVolume: { amount: '250000.00', currency: 'MXN' },
    beneficialOwners: [
      {
        id: OWNER_A,
        name: 'Ana López',
        ownershipPercent: '60',
        nationality: 'MX',
        idDocumentType: 'passport',
        idDocumentNumber: 'G12345678',
      },
      {
        id: OWNER_B,
        name: 'Bruno Díaz',
        ownershipPercent: '20',
        nationality: 'MX',
        idDocumentType: 'national_id',
        idDocumentNumber: 'DIBR800101',
      },
    ],
    ...overrides,
  };
}

/** Uploads a file for the organization's documents (purpose 'document') and adds it as `kind`. */
export async function addDocument(
  app: FastifyInstance,
  who: { cookie: string; organization: string },
  kind: TDocumentKind,
  options: { ownerId?: string; filename?: string; bytes?: Buffer; contentType?: string } = {},
) {
  const bytes = options.bytes ?? PDF_BYTES;
  const contentType = options.contentType ?? 'application/pdf';
  const created = await call(app, 'POST', '/uploads', {
    ...who,
    body: {
      purpose: 'document',
      filename: options.filename ?? `${kind}.pdf`,
      contentType,
      byteSize: bytes.length,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { tempFileId, signedUrl } = ZCreateUploadResponse.parse(created.json()).data;
  const put = await app.inject({
    method: 'PUT',
    url: signedUrl,
    headers: { cookie: who.cookie, 'content-type': contentType },
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  const added = await call(app, 'POST', '/documents', {
    ...who,
    body: { tempFileId, kind, ...(options.ownerId ? { ownerId: options.ownerId } : {}) },
  });
  expect(added.statusCode, added.body).toBe(201);
  return ZDocumentResponse.parse(added.json()).data;
}

/** Saves the complete application, uploads every required document and submits it. */
export async function submitCompleteApplication(
  app: FastifyInstance,
  who: { cookie: string; organization: string },
) {
  const saved = await call(app, 'PUT', '/kyb', { ...who, body: completeApplication() });
  expect(saved.statusCode, saved.body).toBe(200);
  await addDocument(app, who, 'articles_of_incorporation');
  await addDocument(app, who, 'proof_of_address');
  await addDocument(app, who, 'tax_certificate');
  await addDocument(app, who, 'owner_id', { ownerId: OWNER_A });
  const submitted = await call(app, 'POST', '/kyb/submit', who);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted;
}
