import {
  ApiError,
  DialogModal,
  notifyError,
  notifySuccess,
  schemaResolverInLanguage,
  useFocusFirstInvalid,
  useFormat,
  useOneAtATime,
  useT,
} from '@dash/shared';
import { type TTransfer, ZCancelTransferRequest } from '@dash/shared/api';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCancelTransferMutation } from '../api/cancel-transfer';

/**
 * A refused decision: 409 means another member decided first (the page then shows the transfer as
 * it now is), which retrying cannot change; anything else is the usual error toast.
 */
export const isDecidedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409;

export function notifyDecisionError(error: unknown, decidedMeanwhile: string): void {
  notifyError(isDecidedMeanwhile(error) ? new Error(decidedMeanwhile) : error);
}

/**
 * Calls off an off-ramp waiting for approval, with an optional reason: its creator withdraws it
 * ('cancel'), another Admin or Editor rejects it ('reject'). Open while `mode` is set. `onDecided`
 * is called with `onClose` once the transfer is no longer waiting (called off here, or decided by
 * another member first): the button that opened the dialog is gone, the page moves focus.
 */
export function CancelTransferModal({
  organizationUid,
  transfer,
  mode,
  onClose,
  onDecided,
}: {
  organizationUid: string;
  transfer: TTransfer;
  mode: 'cancel' | 'reject' | null;
  onClose: () => void;
  onDecided?: () => void;
}) {
  const { t } = useT('rails');
  const f = useFormat();
  const cancel = useCancelTransferMutation(organizationUid);
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: schemaResolverInLanguage(ZCancelTransferRequest),
  });
  const close = () => {
    if (cancel.isPending) return;
    form.reset();
    onClose();
  };
  const rejecting = mode === 'reject';
  // One decision per submission: isPending renders after both submits of a double-click.
  const once = useOneAtATime();
  const invalid = useFocusFirstInvalid();

  return (
    <DialogModal
      opened={mode !== null}
      onClose={close}
      title={rejecting ? t('transaction.rejectTitle') : t('transaction.cancelTitle')}
      centered
    >
      <form
        ref={invalid.formRef}
        noValidate
        onSubmit={form.onSubmit(
          (values) =>
            once((done) =>
              cancel.mutate(
                { transferUid: transfer.uid, ...ZCancelTransferRequest.parse(values) },
                {
                  onSuccess: () => {
                    notifySuccess(rejecting ? t('transaction.rejected') : t('transaction.canceled'));
                    form.reset();
                    onClose();
                    onDecided?.();
                  },
                  onError: (error) => {
                    if (isDecidedMeanwhile(error)) {
                      // Nothing left to call off here.
                      form.reset();
                      onClose();
                      onDecided?.();
                      notifyDecisionError(error, t('transaction.decidedMeanwhile'));
                    } else if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
                  },
                  onSettled: done,
                },
              ),
            ),
          invalid.onValidationErrors,
        )}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('transaction.cancelText', { amount: f.money(transfer.sourceAmount, transfer.sourceCurrency) })}
          </Text>
          <Textarea label={t('transaction.reason')} rows={3} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              {t('transaction.keep')}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {rejecting ? t('transaction.confirmReject') : t('transaction.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogModal>
  );
}
