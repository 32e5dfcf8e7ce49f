import { Button, Group, Modal, Stack, Text } from '@mantine/core';

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
  return (
    <Modal opened={name !== null} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">
          Delete <strong>{name}</strong>? It can no longer be chosen for new transfers.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
