import type { TKybDraft } from '@dash/shared/api';

/** The KYB form's values: every field a string (blank = not filled in yet), owners as a list. */
export interface KybFormOwner {
  id: string;
  name: string;
  ownershipPercent: string;
  nationality: string;
  idDocumentType: string;
  idDocumentNumber: string;
}

export interface KybFormValues {
  legalName: string;
  tradeName: string;
  countryOfIncorporation: string;
  taxId: string;
  incorporationDate: string;
  registeredAddress: {
    line1: string;
    line2: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  website: string;
  businessActivity: string;
  expectedMonthlyVolume: { amount: string; currency: string };
  beneficialOwners: KybFormOwner[];
}

export const newOwner = (): KybFormOwner => ({
  id: crypto.randomUUID(),
  name: '',
  ownershipPercent: '',
  nationality: '',
  idDocumentType: '',
  idDocumentNumber: '',
});

/** The saved draft as form values. */
export function toFormValues(data: TKybDraft): KybFormValues {
  return {
    legalName: data.legalName ?? '',
    tradeName: data.tradeName ?? '',
    countryOfIncorporation: data.countryOfIncorporation ?? '',
    taxId: data.taxId ?? '',
    incorporationDate: data.incorporationDate ?? '',
    registeredAddress: {
      line1: data.registeredAddress?.line1 ?? '',
      line2: data.registeredAddress?.line2 ?? '',
      city: data.registeredAddress?.city ?? '',
      state: data.registeredAddress?.state ?? '',
      postalCode: data.registeredAddress?.postalCode ?? '',
      country: data.registeredAddress?.country ?? '',
    },
    website: data.website ?? '',
    businessActivity: data.businessActivity ?? '',
    expectedMonthlyVolume: {
      amount: data.expectedMonthlyVolume?.amount ?? '',
      currency: data.expectedMonthlyVolume?.currency ?? '',
    },
    beneficialOwners: (data.beneficialOwners ?? []).map((owner) => ({
      id: owner.id,
      name: owner.name ?? '',
      ownershipPercent: owner.ownershipPercent ?? '',
      nationality: owner.nationality ?? '',
      idDocumentType: owner.idDocumentType ?? '',
      idDocumentNumber: owner.idDocumentNumber ?? '',
    })),
  };
}
