import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  KYB_DOCUMENTS_MISSING_MESSAGE,
  KYB_MESSAGES,
  KYB_NOT_EDITABLE_MESSAGE,
  KYB_NOT_SUBMITTED_MESSAGE,
  KYB_REASON_REQUIRED,
  KYB_SUBMIT_INCOMPLETE_MESSAGE,
  OPERATOR_ONLY_MESSAGE,
  PERMISSION_DENIED_MESSAGE,
  UPLOAD_TYPE_MISMATCH_MESSAGE,
  ZCreateUploadResponse,
  ZDocumentsResponse,
  ZKybApplicationResponse,
  ZKybQueueResponse,
  ZKybReviewResponse,
  ZKybTimelineResponse,
  ZMailboxResponse,
  ZMeResponse,
  ZOrganizationResponse,
} from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { addDocument, completeApplication, OWNER_A, submitCompleteApplication } from '../../test/kyb';
import { PDF_BYTES, PNG_BYTES } from '../../test/messages';

async function arrange() {
  const testApp = await createTestApp();
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  const who = { cookie: admin.cookie, organization: organization.uid };
  const operator = await signInUser(testApp.app, 'ops@example.com');
  return { testApp, app: testApp.app, admin, organization, who, operator };
}

const kybOf = async (testApp: TestApp, who: { cookie: string; organization: string }) =>
  ZKybApplicationResponse.parse((await call(testApp.app, 'GET', '/kyb', who)).json()).data;

const approvalOf = async (testApp: TestApp, who: { cookie: string; organization: string }) =>
  ZOrganizationResponse.parse((await call(testApp.app, 'GET', '/organization', who)).json()).data
    .approvalStatus;

/** The KYB decision mails in the dev outbox to one address (sign-in mails left out). */
const mailsTo = async (testApp: TestApp, to: string) =>
  ZMailboxResponse.parse(
    (await call(testApp.app, 'GET', `/dev/mailbox?to=${encodeURIComponent(to)}`)).json(),
  ).filter((mail) => mail.subject.startsWith('KYB application'));

describe('KYB application', () => {
  it('starts NotStarted, saves a partial draft, and validates what the draft holds', async () => {
    const { testApp, app, who } = await arrange();
    expect(await kybOf(testApp, who)).toMatchObject({ status: 'NotStarted', data: {} });

    const partial = await call(app, 'PUT', '/kyb', { ...who, body: { legalName: 'Ejemplo', taxId: '' } });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(ZKybApplicationResponse.parse(partial.json()).data).toMatchObject({
      status: 'Draft',
      data: { legalName: 'Ejemplo' },
    });

    const badRfc = await call(app, 'PUT', '/kyb', {
      ...who,
      body: { countryOfIncorporation: 'MX', taxId: 'NOT-AN-RFC' },
    });
    expect(badRfc.statusCode).toBe(400);
    expect(badRfc.json().error.fields).toEqual({ taxId: KYB_MESSAGES.rfcInvalid });

    const badCnpj = await call(app, 'PUT', '/kyb', {
      ...who,
      body: { countryOfIncorporation: 'BR', taxId: '11.222.333/0001-82' },
    });
    expect(badCnpj.json().error.fields).toEqual({ taxId: KYB_MESSAGES.cnpjInvalid });
    const goodCnpj = await call(app, 'PUT', '/kyb', {
      ...who,
      body: { countryOfIncorporation: 'BR', taxId: '11.222.333/0001-81' },
    });
    expect(goodCnpj.statusCode, goodCnpj.body).toBe(200);

    const overOwned = await call(app, 'PUT', '/kyb', {
      ...who,
      body: {
        beneficialOwners: [
          { id: OWNER_A, ownershipPercent: '60.5' },
          { id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', ownershipPercent: '39.6' },
        ],
      },
    });
    expect(overOwned.statusCode).toBe(400);
    expect(overOwned.json().error.fields).toEqual({ beneficialOwners: KYB_MESSAGES.ownershipTotal });

    const future = await call(app, 'PUT', '/kyb', { ...who, body: { incorporationDate: '2999-01-01' } });
    expect(future.json().error.fields).toEqual({ incorporationDate: KYB_MESSAGES.incorporationDateFuture });
  });

  it('refuses to submit an incomplete application (400 with fields) or one without its documents', async () => {
    const { testApp, app, who } = await arrange();
    await call(app, 'PUT', '/kyb', { ...who, body: { legalName: 'Ejemplo' } });

    const incomplete = await call(app, 'POST', '/kyb/submit', who);
    expect(errorOf(incomplete)).toEqual({
      status: 400,
      code: 'VALIDATION',
      message: KYB_SUBMIT_INCOMPLETE_MESSAGE,
    });
    expect(incomplete.json().error.fields).toMatchObject({
      countryOfIncorporation: KYB_MESSAGES.countryRequired,
      businessActivity: KYB_MESSAGES.businessActivityRequired,
      beneficialOwners: KYB_MESSAGES.ownersRequired,
    });

    await call(app, 'PUT', '/kyb', { ...who, body: completeApplication() });
    await addDocument(app, who, 'articles_of_incorporation');
    const noDocuments = await call(app, 'POST', '/kyb/submit', who);
    expect(errorOf(noDocuments)).toEqual({
      status: 400,
      code: 'VALIDATION',
      message: KYB_DOCUMENTS_MISSING_MESSAGE,
    });
    expect(Object.keys(noDocuments.json().error.fields).sort()).toEqual([
      `documents.owner_id.${OWNER_A}`,
      'documents.proof_of_address',
      'documents.tax_certificate',
    ]);
    expect((await kybOf(testApp, who)).status).toBe('Draft');
  });

  it('lets Editors edit but only Admins submit; Viewers cannot edit', async () => {
    const { testApp, app, organization, who } = await arrange();
    const editor = await addMember(testApp, organization.uid, 'Editor');
    const viewer = await addMember(testApp, organization.uid, 'Viewer');

    const byEditor = await call(app, 'PUT', '/kyb', {
      cookie: editor.cookie,
      organization: organization.uid,
      body: completeApplication(),
    });
    expect(byEditor.statusCode).toBe(200);
    const editorSubmits = await call(app, 'POST', '/kyb/submit', {
      cookie: editor.cookie,
      organization: organization.uid,
    });
    expect(errorOf(editorSubmits)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: PERMISSION_DENIED_MESSAGE['kyb.submit'],
    });
    const byViewer = await call(app, 'PUT', '/kyb', {
      cookie: viewer.cookie,
      organization: organization.uid,
      body: { legalName: 'X' },
    });
    expect(errorOf(byViewer)).toMatchObject({ status: 403, message: PERMISSION_DENIED_MESSAGE['kyb.edit'] });
    expect((await kybOf(testApp, who)).data.legalName).toBe(completeApplication().legalName);
  });

  it('submits, then is read-only (409) until an operator approves it once; approvalStatus follows', async () => {
    const { testApp, app, admin, organization, who, operator } = await arrange();
    const editor = await addMember(testApp, organization.uid, 'Editor');
    await submitCompleteApplication(app, who);
    expect(await kybOf(testApp, who)).toMatchObject({ status: 'Submitted' });
    expect(await approvalOf(testApp, who)).toBe('Pending');

    const edit = await call(app, 'PUT', '/kyb', { ...who, body: { legalName: 'Changed' } });
    expect(errorOf(edit)).toEqual({ status: 409, code: 'CONFLICT', message: KYB_NOT_EDITABLE_MESSAGE });
    const lateDocument = await call(app, 'POST', '/documents', {
      ...who,
      body: { tempFileId: OWNER_A, kind: 'proof_of_address' },
    });
    expect(lateDocument.statusCode).toBe(409);

    const queue = ZKybQueueResponse.parse(
      (await call(app, 'GET', '/ops/kyb', { cookie: operator.cookie })).json(),
    );
    expect(queue.data).toEqual([
      expect.objectContaining({
        organizationUid: organization.uid,
        organizationName: organization.name,
        status: 'Submitted',
        submittedBy: admin.email,
      }),
    ]);
    const review = ZKybReviewResponse.parse(
      (await call(app, 'GET', `/ops/kyb/${organization.uid}`, { cookie: operator.cookie })).json(),
    ).data;
    expect(review.documents).toHaveLength(4);
    const download = await app.inject({
      method: 'GET',
      url: review.documents[0]?.downloadUrl ?? '',
      headers: { cookie: operator.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=/);

    const approved = await call(app, 'POST', `/ops/kyb/${organization.uid}/approve`, {
      cookie: operator.cookie,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await approvalOf(testApp, who)).toBe('Approved');
    const again = await call(app, 'POST', `/ops/kyb/${organization.uid}/approve`, {
      cookie: operator.cookie,
    });
    expect(errorOf(again)).toEqual({ status: 409, code: 'CONFLICT', message: KYB_NOT_SUBMITTED_MESSAGE });
    expect(await app.kyb.approvedApplication(organization.uid)).toMatchObject({
      legalName: completeApplication().legalName,
    });

    // The decision is mailed to the Admins only, after the commit, through the job runner.
    await app.jobs.drain();
    const mails = await mailsTo(testApp, admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`KYB application approved: ${organization.name}`);
    expect(mails[0]?.text).toContain(`/org/${organization.slug}/kyb`);
    expect(await mailsTo(testApp, editor.email)).toEqual([]);

    const timeline = ZKybTimelineResponse.parse((await call(app, 'GET', '/kyb/timeline', who)).json()).data;
    expect(timeline.map((entry) => [entry.action, entry.from, entry.to, entry.actor])).toEqual([
      ['kyb.draft_saved', 'NotStarted', 'Draft', admin.email],
      ['kyb.submitted', 'Draft', 'Submitted', admin.email],
      ['kyb.approved', 'Submitted', 'Approved', 'operator:ops@example.com'],
    ]);
  });

  it('lets only one of two operators deciding at once win', async () => {
    const { app, organization, who, operator } = await arrange();
    await submitCompleteApplication(app, who);
    const [first, second] = await Promise.all([
      call(app, 'POST', `/ops/kyb/${organization.uid}/approve`, { cookie: operator.cookie }),
      call(app, 'POST', `/ops/kyb/${organization.uid}/reject`, {
        cookie: operator.cookie,
        body: { reason: 'No' },
      }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
  });

  it('rejects only with a reason; the organization becomes Rejected and the reason is mailed', async () => {
    const { testApp, app, admin, organization, who, operator } = await arrange();
    await submitCompleteApplication(app, who);
    const noReason = await call(app, 'POST', `/ops/kyb/${organization.uid}/reject`, {
      cookie: operator.cookie,
      body: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: KYB_REASON_REQUIRED });

    const rejected = await call(app, 'POST', `/ops/kyb/${organization.uid}/reject`, {
      cookie: operator.cookie,
      body: { reason: 'Sanctioned activity' },
    });
    expect(ZKybApplicationResponse.parse(rejected.json()).data).toMatchObject({
      status: 'Rejected',
      decisionNote: 'Sanctioned activity',
    });
    expect(await approvalOf(testApp, who)).toBe('Rejected');
    await app.jobs.drain();
    const [mail] = await mailsTo(testApp, admin.email);
    expect(mail?.subject).toBe(`KYB application rejected: ${organization.name}`);
    expect(mail?.text).toContain('Reason: Sanctioned activity');
  });

  it('requests changes -> edit makes it a Draft again -> resubmit', async () => {
    const { testApp, app, organization, who, operator } = await arrange();
    await submitCompleteApplication(app, who);
    const asked = await call(app, 'POST', `/ops/kyb/${organization.uid}/request-changes`, {
      cookie: operator.cookie,
      body: { note: 'The proof of address is older than 3 months' },
    });
    expect(ZKybApplicationResponse.parse(asked.json()).data).toMatchObject({
      status: 'ChangesRequested',
      decisionNote: 'The proof of address is older than 3 months',
    });
    expect(await approvalOf(testApp, who)).toBe('Pending');

    await addDocument(app, who, 'proof_of_address', { filename: 'new-proof.pdf' });
    const edited = await call(app, 'PUT', '/kyb', {
      ...who,
      body: completeApplication({ tradeName: 'Nuevo' }),
    });
    expect(ZKybApplicationResponse.parse(edited.json()).data.status).toBe('Draft');
    const resubmitted = await call(app, 'POST', '/kyb/submit', who);
    expect(ZKybApplicationResponse.parse(resubmitted.json()).data).toMatchObject({
      status: 'Submitted',
      decisionNote: null,
    });
    const timeline = ZKybTimelineResponse.parse((await call(app, 'GET', '/kyb/timeline', who)).json()).data;
    expect(timeline.slice(-3).map((entry) => [entry.from, entry.to, entry.note])).toEqual([
      ['Submitted', 'ChangesRequested', 'The proof of address is older than 3 months'],
      ['ChangesRequested', 'Draft', null],
      ['Draft', 'Submitted', null],
    ]);
  });

  it('keeps the review to operators: anonymous 401, a member who is not an operator 403', async () => {
    const { app, organization, admin } = await arrange();
    const anonymous = await call(app, 'GET', '/ops/kyb');
    expect(errorOf(anonymous)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    for (const [method, path] of [
      ['GET', '/ops/kyb'],
      ['GET', `/ops/kyb/${organization.uid}`],
      ['POST', `/ops/kyb/${organization.uid}/approve`],
    ] as const) {
      const refused = await call(app, method, path, { cookie: admin.cookie });
      expect(errorOf(refused)).toEqual({ status: 403, code: 'FORBIDDEN', message: OPERATOR_ONLY_MESSAGE });
    }
  });

  it('tells the UI who is an operator, and gives an operator no organization they are not a member of', async () => {
    const { app, organization, admin, operator } = await arrange();
    expect(
      ZMeResponse.parse((await call(app, 'GET', '/me', { cookie: operator.cookie })).json()).data.operator,
    ).toBe(true);
    expect(
      ZMeResponse.parse((await call(app, 'GET', '/me', { cookie: admin.cookie })).json()).data.operator,
    ).toBe(undefined);
    const foreign = await call(app, 'GET', '/kyb', {
      cookie: operator.cookie,
      organization: organization.uid,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('documents', () => {
  it('lists every document with its uploader, and downloads it as an attachment to members', async () => {
    const { testApp, app, admin, organization, who } = await arrange();
    const other = await addDocument(app, who, 'other', { filename: 'board minutes.pdf' });
    const list = ZDocumentsResponse.parse((await call(app, 'GET', '/documents', who)).json()).data;
    expect(list).toEqual([
      expect.objectContaining({
        uid: other.uid,
        kind: 'other',
        name: 'board minutes.pdf',
        byteSize: PDF_BYTES.length,
        contentType: 'application/pdf',
        uploadedBy: { uid: admin.uid, email: admin.email },
      }),
    ]);

    const viewer = await addMember(testApp, organization.uid, 'Viewer');
    const download = await app.inject({
      method: 'GET',
      url: other.downloadUrl,
      headers: { cookie: viewer.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="board minutes.pdf"; filename*=UTF-8''board%20minutes.pdf`,
    );
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);

    const stranger = await signInUser(app);
    const refused = await app.inject({
      method: 'GET',
      url: other.downloadUrl,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(404);
    const viewerUpload = await call(app, 'POST', '/uploads', {
      cookie: viewer.cookie,
      organization: organization.uid,
      body: { purpose: 'document', filename: 'a.pdf', contentType: 'application/pdf', byteSize: 10 },
    });
    expect(errorOf(viewerUpload)).toMatchObject({
      status: 403,
      message: PERMISSION_DENIED_MESSAGE['documents.upload'],
    });
  });

  it('takes PDF, PNG and JPEG up to 10 MB: larger is 413, other types 415, bytes that lie 415', async () => {
    const { app, who } = await arrange();
    const tooLarge = await call(app, 'POST', '/uploads', {
      ...who,
      body: {
        purpose: 'document',
        filename: 'big.pdf',
        contentType: 'application/pdf',
        byteSize: 10 * 1024 * 1024 + 1,
      },
    });
    expect(errorOf(tooLarge)).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: DOCUMENT_TOO_LARGE_MESSAGE,
    });
    const zip = await call(app, 'POST', '/uploads', {
      ...who,
      body: { purpose: 'document', filename: 'a.zip', contentType: 'application/zip', byteSize: 100 },
    });
    expect(errorOf(zip)).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: DOCUMENT_TYPE_MESSAGE,
    });

    // A .pdf name with PNG bytes declared as a PDF: refused once the bytes are sniffed.
    const created = await call(app, 'POST', '/uploads', {
      ...who,
      body: {
        purpose: 'document',
        filename: 'scan.pdf',
        contentType: 'application/pdf',
        byteSize: PNG_BYTES.length,
      },
    });
    const { signedUrl } = ZCreateUploadResponse.parse(created.json()).data;
    const lying = await app.inject({
      method: 'PUT',
      url: signedUrl,
      headers: { cookie: who.cookie, 'content-type': 'application/pdf' },
      payload: PNG_BYTES,
    });
    expect(errorOf(lying)).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: UPLOAD_TYPE_MISMATCH_MESSAGE,
    });

    const png = await addDocument(app, who, 'other', {
      filename: 'scan.png',
      bytes: PNG_BYTES,
      contentType: 'image/png',
    });
    expect(png.contentType).toBe('image/png');
  });

  it('refuses an attachment upload (not for documents) as a document', async () => {
    const { app, who } = await arrange();
    const bytes = Buffer.from('hello, plain text');
    const created = await call(app, 'POST', '/uploads', {
      ...who,
      body: { filename: 'notes.txt', contentType: 'text/plain', byteSize: bytes.length },
    });
    const { tempFileId, signedUrl } = ZCreateUploadResponse.parse(created.json()).data;
    await app.inject({
      method: 'PUT',
      url: signedUrl,
      headers: { cookie: who.cookie, 'content-type': 'text/plain' },
      payload: bytes,
    });
    const added = await call(app, 'POST', '/documents', { ...who, body: { tempFileId, kind: 'other' } });
    expect(errorOf(added)).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: DOCUMENT_TYPE_MESSAGE,
    });
    expect(ZDocumentsResponse.parse((await call(app, 'GET', '/documents', who)).json()).data).toEqual([]);
  });
});
