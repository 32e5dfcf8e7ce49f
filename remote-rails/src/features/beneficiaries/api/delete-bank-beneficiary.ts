import { apiRequest } from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankBeneficiariesQueryOptions } from './get-bank-beneficiaries';

/** DELETE rails/bank-beneficiaries/{beneficiaryUid}. */
export async function deleteBankBeneficiary(organizationUid: string, beneficiaryUid: string): Promise<void> {
  await apiRequest({
    path: `rails/bank-beneficiaries/${encodeURIComponent(beneficiaryUid)}`,
    method: 'DELETE',
    organizationUid,
    response: null,
    failure: 'catalogue.deleteBankBeneficiary',
  });
}

export function useDeleteBankBeneficiaryMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (beneficiaryUid: string) => deleteBankBeneficiary(organizationUid, beneficiaryUid),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: bankBeneficiariesQueryOptions(organizationUid).queryKey }),
  });
}
