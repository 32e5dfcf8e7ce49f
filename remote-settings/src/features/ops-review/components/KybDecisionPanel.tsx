import {
  notifyError,
  notifySuccess,
  schemaResolverInLanguage,
  useFocusFirstInvalid,
  useT,
} from '@dash/shared';
import { ZRejectKybRequest, ZRequestKybChangesRequest } from '@dash/shared/api';
import { Button, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApproveKybMutation } from '../api/approve-kyb';
import { useRejectKybMutation } from '../api/reject-kyb';
import { useRequestKybChangesMutation } from '../api/request-kyb-changes';

/** Approve, reject with a reason, or request changes with a note: each once, on a submitted application. */
export function KybDecisionPanel({ organizationUid }: { organizationUid: string }) {
  const { t } = useT('settings');
  const approve = useApproveKybMutation(organizationUid);
  const reject = useRejectKybMutation(organizationUid);
  const requestChanges = useRequestKybChangesMutation(organizationUid);
  const rejectForm = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: schemaResolverInLanguage(ZRejectKybRequest),
  });
  const changesForm = useForm({
    mode: 'controlled',
    initialValues: { note: '' },
    validate: schemaResolverInLanguage(ZRequestKybChangesRequest),
  });
  // One per form: each takes the keyboard to its own field in error.
  const rejectInvalid = useFocusFirstInvalid();
  const changesInvalid = useFocusFirstInvalid();
  const busy = approve.isPending || reject.isPending || requestChanges.isPending;

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('kyb.review.decision')}
        </Title>
        <Group>
          <Button
            color="teal"
            loading={approve.isPending}
            disabled={busy}
            onClick={() =>
              approve.mutate(undefined, {
                onSuccess: () => notifySuccess(t('kyb.review.approved')),
                onError: (error) => notifyError(error),
              })
            }
          >
            {t('kyb.review.approve')}
          </Button>
        </Group>
        <form
          ref={changesInvalid.formRef}
          noValidate
          aria-label={t('kyb.review.requestChanges')}
          onSubmit={changesForm.onSubmit(
            (values) =>
              requestChanges.mutate(ZRequestKybChangesRequest.parse(values), {
                onSuccess: () => notifySuccess(t('kyb.review.changesRequested')),
                onError: (error) => {
                  if (!changesInvalid.applyServerFieldErrors(changesForm, error)) notifyError(error);
                },
              }),
            changesInvalid.onValidationErrors,
          )}
        >
          <Stack gap="xs">
            <Textarea
              label={t('kyb.review.whatNeedsToChange')}
              rows={3}
              {...changesForm.getInputProps('note')}
            />
            <Group>
              <Button
                type="submit"
                variant="light"
                color="orange"
                loading={requestChanges.isPending}
                disabled={busy}
              >
                {t('kyb.review.requestChanges')}
              </Button>
            </Group>
          </Stack>
        </form>
        <form
          ref={rejectInvalid.formRef}
          noValidate
          aria-label={t('kyb.review.reject')}
          onSubmit={rejectForm.onSubmit(
            (values) =>
              reject.mutate(ZRejectKybRequest.parse(values), {
                onSuccess: () => notifySuccess(t('kyb.review.rejected')),
                onError: (error) => {
                  if (!rejectInvalid.applyServerFieldErrors(rejectForm, error)) notifyError(error);
                },
              }),
            rejectInvalid.onValidationErrors,
          )}
        >
          <Stack gap="xs">
            <Textarea
              label={t('kyb.review.reasonForRejection')}
              rows={3}
              {...rejectForm.getInputProps('reason')}
            />
            <Group>
              <Button type="submit" variant="light" color="red" loading={reject.isPending} disabled={busy}>
                {t('kyb.review.reject')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
