import { apiRequest } from '@dash/shared';
import { type TBankBeneficiary, ZBankBeneficiariesResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET rails/bank-beneficiaries: the organization's CLABE accounts and Pix keys (approved organizations only). */
export async function getBankBeneficiaries(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TBankBeneficiary[]> {
  const answer = await apiRequest({
    path: 'rails/bank-beneficiaries',
    organizationUid,
    response: ZBankBeneficiariesResponse,
    failure: 'catalogue.fetchBankBeneficiaries',
    signal,
  });
  return answer.data;
}

export const bankBeneficiariesQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'bank-beneficiaries'] as const,
    queryFn: ({ signal }) => getBankBeneficiaries(organizationUid, signal),
  });

export const useBankBeneficiariesQuery = (organizationUid: string) =>
  useQuery(bankBeneficiariesQueryOptions(organizationUid));
