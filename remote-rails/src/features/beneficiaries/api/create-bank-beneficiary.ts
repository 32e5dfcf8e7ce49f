import { apiRequest } from '@dash/shared';
import { type TBankBeneficiary, ZBankBeneficiaryResponse } from '@dash/shared/api';
import type { TCreateBankBeneficiaryRequest } from '@dash/shared/counterparty-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankBeneficiariesQueryOptions } from './get-bank-beneficiaries';

/** POST rails/bank-beneficiaries: the CLABE or Pix key is stored normalized. */
export async function createBankBeneficiary(
  organizationUid: string,
  body: TCreateBankBeneficiaryRequest,
): Promise<TBankBeneficiary> {
  const answer = await apiRequest({
    path: 'rails/bank-beneficiaries',
    method: 'POST',
    body,
    organizationUid,
    response: ZBankBeneficiaryResponse,
    failure: 'catalogue.createBankBeneficiary',
  });
  return answer.data;
}

export function useCreateBankBeneficiaryMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateBankBeneficiaryRequest) => createBankBeneficiary(organizationUid, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: bankBeneficiariesQueryOptions(organizationUid).queryKey }),
  });
}
