import { apiRequest } from '@dash/shared';
import {
  type TBankBeneficiary,
  type TUpdateCounterpartyRequest,
  ZBankBeneficiaryResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankBeneficiariesQueryOptions } from './get-bank-beneficiaries';

/** PATCH rails/bank-beneficiaries/{beneficiaryUid}: a new name and remark. */
export async function updateBankBeneficiary(
  organizationUid: string,
  beneficiaryUid: string,
  body: TUpdateCounterpartyRequest,
): Promise<TBankBeneficiary> {
  const answer = await apiRequest({
    path: `rails/bank-beneficiaries/${encodeURIComponent(beneficiaryUid)}`,
    method: 'PATCH',
    body,
    organizationUid,
    response: ZBankBeneficiaryResponse,
    failure: 'catalogue.updateBankBeneficiary',
  });
  return answer.data;
}

export function useUpdateBankBeneficiaryMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ beneficiaryUid, ...body }: { beneficiaryUid: string } & TUpdateCounterpartyRequest) =>
      updateBankBeneficiary(organizationUid, beneficiaryUid, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: bankBeneficiariesQueryOptions(organizationUid).queryKey }),
  });
}
