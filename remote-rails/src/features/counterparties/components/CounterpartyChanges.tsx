import { notifyError, notifySuccess, useT } from '@dash/shared';
import type { TUpdateCounterpartyRequest } from '@dash/shared/api';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { DeleteCounterpartyModal } from './DeleteCounterpartyModal';
import { EditCounterpartyModal } from './EditCounterpartyModal';

interface Counterparty {
  uid: string;
  name: string;
  remark: string | null;
}

interface Mutation<TVariables, TResult> {
  isPending: boolean;
  mutate: (
    variables: TVariables,
    callbacks: {
      onSuccess: (result: TResult) => void;
      onError: (error: unknown) => void;
    },
  ) => void;
}

/**
 * Edit (name, remark) and delete for the rows of a counterparty list: the state of which row is
 * being changed, the row buttons and the two modals, shared by registered wallets and beneficiaries.
 */
export function useCounterpartyChanges<T extends Counterparty>(options: {
  /** What the rows are, for the modal titles. */
  noun: 'wallet' | 'beneficiary';
  update: Mutation<{ uid: string } & TUpdateCounterpartyRequest, { name: string }>;
  remove: Mutation<string, void>;
}) {
  const { t } = useT('rails');
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const { noun, update, remove } = options;

  const rowActions = (counterparty: T) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="subtle"
        onClick={() => setEditing(counterparty)}
        aria-label={t('counterparties.editLabel', { name: counterparty.name })}
      >
        {t('common.edit')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => setDeleting(counterparty)}
        aria-label={t('counterparties.deleteLabel', { name: counterparty.name })}
      >
        {t('common.delete')}
      </Button>
    </Group>
  );

  const modals = (
    <>
      <EditCounterpartyModal
        title={t(`counterparties.editTitle_${noun}`)}
        counterparty={editing}
        saving={update.isPending}
        onClose={() => setEditing(null)}
        onSave={(change, { onError }) =>
          editing &&
          update.mutate(
            { uid: editing.uid, ...change },
            {
              onSuccess: (saved) => {
                notifySuccess(t('counterparties.saved', { name: saved.name }));
                setEditing(null);
              },
              onError,
            },
          )
        }
      />
      <DeleteCounterpartyModal
        title={t(`counterparties.deleteTitle_${noun}`)}
        name={deleting?.name ?? null}
        deleting={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.uid, {
            onSuccess: () => {
              notifySuccess(t('counterparties.deleted', { name: deleting.name }));
              setDeleting(null);
            },
            onError: notifyError,
          })
        }
      />
    </>
  );

  return { rowActions, modals };
}
