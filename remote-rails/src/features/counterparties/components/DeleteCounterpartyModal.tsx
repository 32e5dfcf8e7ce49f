import { DialogModal, Trans, useT } from '@dash/shared';
import { Button, Group, Stack, Text } from '@mantine/core';

/** Asks before a registered wallet or a beneficiary is deleted. */
export function DeleteCounterpartyModal({
  title,
  name,
  deleting,
  onConfirm,
  onClose,
}: {
  title: string;
  /** The name of what is about to be deleted; the modal is open while it is set. */
  name: string | null;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useT('rails');
  return (
    <DialogModal opened={name !== null} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="counterparties.deleteConfirm"
            values={{ name }}
            components={{ strong: <strong /> }}
          />
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm}>
            {t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
}
