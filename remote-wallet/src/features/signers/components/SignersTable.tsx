import { useT, visuallyHidden } from '@dash/shared';
import type { TWalletSigner } from '@dash/shared/api';
import { Badge, Code, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { signerName } from '../../../lib/wallet-display';

interface SignersTableProps {
  signers: TWalletSigner[];
  currentUserUid: string;
  /** Per-row controls (Admins, before deployment): adds an Actions column. */
  actions?: (signer: TWalletSigner) => ReactNode;
}

/**
 * The wallet's signers: name, signing device address and Pending/Ready. An owner of a requested
 * wallet who left the organization stays, marked as no longer a member (their key still signs).
 */
export function SignersTable({ signers, currentUserUid, actions }: SignersTableProps) {
  const { t } = useT('wallet');
  // Said without the table, which scrolls sideways on a phone and would cut the sentence off.
  if (signers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('signers.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={t('signers.table')} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('signers.name')}</Table.Th>
            <Table.Th>{t('signers.address')}</Table.Th>
            <Table.Th>{t('signers.status')}</Table.Th>
            {actions ? (
              <Table.Th>
                <span style={visuallyHidden}>{t('signers.actions')}</span>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {signers.map((signer) => (
            <Table.Tr key={signer.uid ?? signer.ethAddress}>
              <Table.Td>
                <Group gap="xs">
                  <Text size="sm">{signerName(signer)}</Text>
                  {signer.uid === currentUserUid ? (
                    <Badge size="xs" variant="outline" color="gray">
                      {t('signers.you')}
                    </Badge>
                  ) : null}
                  {signer.formerMember ? (
                    <Badge size="xs" variant="light" color="orange">
                      {t('signers.formerMember')}
                    </Badge>
                  ) : null}
                </Group>
                {signer.formerMember ? (
                  <Text size="xs" c="dimmed">
                    {t('signers.formerMemberText')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {signer.ethAddress ? (
                  <Code>{signer.ethAddress}</Code>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('signers.noDevice')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={signer.status === 'Ready' ? 'teal' : 'yellow'}>
                  {signer.status === 'Ready' ? t('signers.statusReady') : t('signers.statusPending')}
                </Badge>
              </Table.Td>
              {actions ? <Table.Td>{actions(signer)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
