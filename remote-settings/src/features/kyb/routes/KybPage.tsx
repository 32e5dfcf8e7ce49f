import {
  can,
  LoadFailed,
  notifyError,
  notifySuccess,
  PageHeader,
  PageSkeleton,
  PERMISSION_DENIED_CODE,
  useCurrentOrganization,
  useT,
  wordMessage,
} from '@dash/shared';
import { KYB_EDITABLE_STATUSES, type TKybDraft } from '@dash/shared/api';
import { Stack, Text } from '@mantine/core';
import { useDocumentsQuery } from '../../documents/api/get-documents';
import { useKybLiveUpdates, useKybQuery } from '../api/get-kyb';
import { useKybTimelineQuery } from '../api/get-kyb-timeline';
import { useSaveKybDraftMutation } from '../api/save-kyb-draft';
import { useSubmitKybMutation } from '../api/submit-kyb';
import { DocumentChecklist } from '../components/DocumentChecklist';
import { KybForm, type KybFormApi } from '../components/KybForm';
import { KybStatusBadge } from '../components/KybStatusBadge';
import { KybStatusBanner } from '../components/KybStatusBanner';
import { KybTimeline } from '../components/KybTimeline';

/** /org/{org}/kyb: the application, its documents checklist and its history, live. */
export function KybPage() {
  const { t } = useT('settings');
  const organization = useCurrentOrganization();
  useKybLiveUpdates(organization.uid);
  const kyb = useKybQuery(organization.uid);
  const documents = useDocumentsQuery(organization.uid);
  const timeline = useKybTimelineQuery(organization.uid);
  const saveDraft = useSaveKybDraftMutation(organization.uid);
  const submitKyb = useSubmitKybMutation(organization.uid);

  if (kyb.isPending) return <PageSkeleton label={t('kyb.page.loadingTheKybApplication')} />;
  if (kyb.isError) return <LoadFailed error={kyb.error} onRetry={() => void kyb.refetch()} />;

  const application = kyb.data;
  const editable = KYB_EDITABLE_STATUSES.includes(application.status) && can(organization.role, 'kyb.edit');
  const canSubmit = can(organization.role, 'kyb.submit');

  const save = async (draft: TKybDraft, form: KybFormApi) => {
    try {
      await saveDraft.mutateAsync(draft);
      notifySuccess(t('kyb.page.draftSaved'));
    } catch (error) {
      if (!form.applyServerFieldErrors(error)) notifyError(error);
      throw error;
    }
  };
  const submit = async (draft: TKybDraft, form: KybFormApi) => {
    try {
      await save(draft, form);
    } catch {
      return;
    }
    try {
      await submitKyb.mutateAsync();
      notifySuccess(t('kyb.page.submittedNotice'));
    } catch (error) {
      form.applyServerFieldErrors(error);
      notifyError(error);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('kyb.page.title')} badge={<KybStatusBadge status={application.status} />} />
      <KybStatusBanner application={application} />
      <KybForm
        // A new form when it turns read-only or editable again (its values come from what was saved).
        key={editable ? 'editable' : 'read-only'}
        application={application}
        readOnly={!editable}
        actions={{
          save: (draft, form) => save(draft, form).catch(() => undefined),
          ...(canSubmit ? { submit } : {}),
          saving: saveDraft.isPending,
          submitting: submitKyb.isPending,
        }}
        submitHint={
          <Text size="sm" c="dimmed">
            {wordMessage({ code: PERMISSION_DENIED_CODE['kyb.submit'] })}
          </Text>
        }
      />
      {documents.isError ? (
        <LoadFailed error={documents.error} onRetry={() => void documents.refetch()} />
      ) : (
        <DocumentChecklist
          organizationUid={organization.uid}
          data={application.data}
          documents={documents.data ?? []}
          canUpload={editable && can(organization.role, 'documents.upload')}
        />
      )}
      {timeline.data && <KybTimeline entries={timeline.data} />}
    </Stack>
  );
}
